import KitSimPlatform

// The command line (SPEC §5): run, test, repl, graph, api, fuzz.
exit(Command.main(Array(CommandLine.arguments.dropFirst())))
