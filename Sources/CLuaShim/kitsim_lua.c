#include "kitsim_lua.h"

// Message handler: appends a traceback to string errors, leaves error objects alone
// (a UIKit exception value keeps its fields).
static int traceback(lua_State *L) {
    const char *msg = lua_tostring(L, 1);
    if (msg == NULL) return 1;
    luaL_traceback(L, L, msg, 1);
    return 1;
}

int kitsim_dostring(lua_State *L, const char *chunk, size_t len, const char *name) {
    int base = lua_gettop(L);
    lua_pushcfunction(L, traceback);
    int status = luaL_loadbufferx(L, chunk, len, name, "t");
    if (status == LUA_OK) status = lua_pcall(L, 0, LUA_MULTRET, base + 1);
    lua_remove(L, base + 1);
    return status;
}

lua_State *kitsim_newstate(void) {
    lua_State *L = luaL_newstate();
    if (L == NULL) return NULL;
    // luaL_openlibs can raise only on out-of-memory; run it protected.
    lua_pushcfunction(L, (lua_CFunction)(void *)luaL_openlibs);
    if (lua_pcall(L, 0, 0, 0) != LUA_OK) { lua_close(L); return NULL; }
    return L;
}
