import KitSimPlatform

// The command line (SPEC §5): run, test, repl, graph, api, fuzz, explore.
exit(Command.main(Array(CommandLine.arguments.dropFirst())))
