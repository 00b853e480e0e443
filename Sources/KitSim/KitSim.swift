// The model's clients (the Lua binding, the command line, Swift tests) see the runtime's
// types (Heap, ObjectID, Value, SimError, …) through `import KitSim`.
@_exported import KitSimRuntime
