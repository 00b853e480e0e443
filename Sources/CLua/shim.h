#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
/* The bridge is written against Lua 5.4's API and behaviour (warnings, the generational
   GC, stock 5.4 messages): other versions' headers must stop the build here. */
#if !defined(LUA_VERSION_NUM) || LUA_VERSION_NUM != 504
#error "KitSim needs the Lua 5.4 headers, and these are another version (LUA_VERSION_NUM is not 504). On macOS Homebrew's lua is 5.5: brew install lua@5.4 and export PKG_CONFIG_PATH=\"$(brew --prefix lua@5.4)/lib/pkgconfig:$PKG_CONFIG_PATH\". On Debian: apt-get install liblua5.4-dev."
#endif
