#include "plainc.h"
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

#if defined(__has_include)
#  if __has_include(<valgrind/callgrind.h>)
#    include <valgrind/callgrind.h>
#    define HAVE_CALLGRIND 1
#  endif
#endif

/* One userdata layout for every plain type: a type tag (bit set of the classes it is a
   kind of) and 50 numeric fields; `value` is field 0 of PThing and field 49 of PBig. */
enum { K_THING = 1, K_BIG = 2, K_BASE = 4, K_LEAF = 8, K_SUB = 16 };
#define NFIELDS 50
typedef struct pobject { uint32_t magic; uint32_t kinds; lua_Integer field[NFIELDS]; } pobject;
#define PMAGIC 0x504C4E43u

static pobject *check(lua_State *L, uint32_t kind) {
    pobject *o = (pobject *)lua_touserdata(L, 1);
    if (o == NULL || o->magic != PMAGIC || !(o->kinds & kind)) {
        luaL_error(L, "bad self");
        return NULL;
    }
    return o;
}

/* Methods: get/set on the `value` field (index in upvalue 1), notify calls the Lua
   override `viewDidLoad` found in the object's class table (its user value). */
static int m_get(lua_State *L) {
    pobject *o = check(L, K_THING | K_BASE | K_SUB);
    lua_pushinteger(L, o->field[0]);
    return 1;
}
static int m_set(lua_State *L) {
    pobject *o = check(L, K_THING | K_BASE | K_SUB);
    int isnum = 0;
    lua_Integer v = lua_tointegerx(L, 2, &isnum);
    if (!isnum) return luaL_error(L, "bad argument #1 to 'set' (number expected)");
    o->field[0] = v;
    return 0;
}
static int m_notify(lua_State *L) {
    check(L, K_SUB);
    lua_getiuservalue(L, 1, 1);                 /* the class table */
    lua_pushvalue(L, lua_upvalueindex(1));      /* "viewDidLoad", interned once */
    lua_rawget(L, -2);
    lua_pushvalue(L, 1);
    lua_call(L, 1, 0);
    return 0;
}

/* __index / __newindex: properties by name → field index (upvalue 1), then methods
   (upvalue 2). */
static int mm_index(lua_State *L) {
    pobject *o = (pobject *)lua_touserdata(L, 1);
    lua_settop(L, 2);
    lua_pushvalue(L, 2);
    if (lua_rawget(L, lua_upvalueindex(1)) == LUA_TNUMBER) {
        lua_Integer i = lua_tointegerx(L, -1, NULL);
        lua_pushinteger(L, o->field[i]);
        return 1;
    }
    lua_pop(L, 1);
    lua_pushvalue(L, 2);
    if (lua_rawget(L, lua_upvalueindex(2)) != LUA_TNIL) return 1;
    return luaL_error(L, "no member '%s'", lua_tostring(L, 2));
}
static int mm_newindex(lua_State *L) {
    pobject *o = (pobject *)lua_touserdata(L, 1);
    lua_settop(L, 3);
    lua_pushvalue(L, 2);
    if (lua_rawget(L, lua_upvalueindex(1)) == LUA_TNUMBER) {
        lua_Integer i = lua_tointegerx(L, -1, NULL);
        int isnum = 0;
        lua_Integer v = lua_tointegerx(L, 3, &isnum);
        if (!isnum) return luaL_error(L, "number expected");
        o->field[i] = v;
        return 0;
    }
    return luaL_error(L, "no member '%s'", lua_tostring(L, 2));
}

/* A type: metatable (upvalue of the constructor) with __index/__newindex closures over
   its property and method tables; `Name()` constructs through the class table's __call. */
static int construct(lua_State *L) {
    uint32_t kinds = (uint32_t)lua_tointegerx(L, lua_upvalueindex(2), NULL);
    pobject *o = (pobject *)lua_newuserdatauv(L, sizeof(pobject), 1);
    o->magic = PMAGIC;
    o->kinds = kinds;
    memset(o->field, 0, sizeof o->field);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_setmetatable(L, -2);
    lua_pushvalue(L, 1);                         /* the class table, for overrides */
    lua_setiuservalue(L, -2, 1);
    return 1;
}

static void define_type(lua_State *L, const char *name, uint32_t kinds, const char **props, int nprops,
                        int with_notify) {
    lua_createtable(L, 0, nprops);               /* props */
    int props_t = lua_gettop(L);
    for (int i = 0; i < nprops; i++) {
        lua_pushinteger(L, i);
        lua_setfield(L, props_t, props[i]);
    }
    lua_createtable(L, 0, 4);                    /* methods */
    int methods_t = lua_gettop(L);
    lua_pushcfunction(L, m_get); lua_setfield(L, methods_t, "get");
    lua_pushcfunction(L, m_set); lua_setfield(L, methods_t, "set");
    if (with_notify) {
        lua_pushstring(L, "viewDidLoad");
        lua_pushcclosure(L, m_notify, 1);
        lua_setfield(L, methods_t, "notify");
    }
    lua_createtable(L, 0, 4);                    /* metatable */
    int mt = lua_gettop(L);
    lua_pushvalue(L, props_t); lua_pushvalue(L, methods_t);
    lua_pushcclosure(L, mm_index, 2); lua_setfield(L, mt, "__index");
    lua_pushvalue(L, props_t); lua_pushvalue(L, methods_t);
    lua_pushcclosure(L, mm_newindex, 2); lua_setfield(L, mt, "__newindex");
    lua_createtable(L, 0, 1);                    /* the class table */
    lua_createtable(L, 0, 1);                    /* its metatable */
    lua_pushvalue(L, mt);
    lua_pushinteger(L, kinds);
    lua_pushcclosure(L, construct, 2);
    lua_setfield(L, -2, "__call");
    lua_setmetatable(L, -2);
    lua_setglobal(L, name);
    lua_settop(L, props_t - 1);
}

static int f_free(lua_State *L) {
    int isnum = 0;
    lua_Integer v = lua_tointegerx(L, 1, &isnum);
    if (isnum) lua_pushinteger(L, v + 1); else lua_pushnil(L);
    return 1;
}

lua_State *plainc_open(void) {
    lua_State *L = luaL_newstate();
    if (L == NULL) return NULL;
    luaL_openlibs(L);
    static const char *thing[] = { "value" };
    static char names[NFIELDS][8];
    static const char *big[NFIELDS];
    for (int i = 0; i < NFIELDS - 1; i++) {
        snprintf(names[i], sizeof names[i], "p%02d", i + 1);
        big[i] = names[i];
    }
    big[NFIELDS - 1] = "value";
    define_type(L, "PThing", K_THING, thing, 1, 0);
    /* PBig keeps `value` in its last field; get/set are not used on it. */
    define_type(L, "PBig", K_BIG, big, NFIELDS, 0);
    define_type(L, "PLeaf", K_BASE | K_LEAF, thing, 1, 0);
    define_type(L, "PSub", K_THING | K_SUB, thing, 1, 1);
    lua_pushcfunction(L, f_free);
    lua_setglobal(L, "pf");
    return L;
}

void plainc_close(lua_State *L) { lua_close(L); }

static int traceback(lua_State *L) {
    const char *msg = lua_tostring(L, 1);
    luaL_traceback(L, L, msg ? msg : "(error object)", 1);
    return 1;
}

char *plainc_dostring(lua_State *L, const char *source) {
    int top = lua_gettop(L);
    char *error = NULL;
    if (luaL_loadstring(L, source) != LUA_OK || lua_pcall(L, 0, 0, 0) != LUA_OK) {
        const char *m = lua_tostring(L, -1);
        error = strdup(m ? m : "error");
    }
    lua_settop(L, top);
    return error;
}

int plainc_compile(lua_State *L, const char *source, const char *name, char **error) {
    *error = NULL;
    if (luaL_loadbufferx(L, source, strlen(source), name, "t") != LUA_OK) {
        const char *m = lua_tostring(L, -1);
        *error = strdup(m ? m : "error");
        lua_pop(L, 1);
        return LUA_NOREF;
    }
    return luaL_ref(L, LUA_REGISTRYINDEX);
}

int plainc_call(lua_State *L, int ref, int times) {
    for (int i = 0; i < times; i++) {
        lua_pushcfunction(L, traceback);
        lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
        int status = lua_pcall(L, 0, 0, -2);
        if (status != LUA_OK) return status;   /* message and handler left on the stack */
        lua_pop(L, 1);
    }
    return LUA_OK;
}

void bench_callgrind_zero(void) {
#ifdef HAVE_CALLGRIND
    CALLGRIND_ZERO_STATS;
#endif
}

void bench_callgrind_dump(const char *label) {
#ifdef HAVE_CALLGRIND
    CALLGRIND_DUMP_STATS_AT(label);
#else
    (void)label;
#endif
}

int bench_running_on_valgrind(void) {
#ifdef HAVE_CALLGRIND
    return RUNNING_ON_VALGRIND;
#else
    return 0;
#endif
}
