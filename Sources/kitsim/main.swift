import KitSimPlatform

// The command line (SPEC §5). Until the Lua bridge lands, `kitsim` runs the
// Swift-built ownership scenarios of Scenarios.swift.
exit(Command.main(Array(CommandLine.arguments.dropFirst())))
