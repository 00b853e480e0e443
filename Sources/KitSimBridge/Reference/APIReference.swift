import KitSimRuntime

/// KitSim's version: the command line's `--version`, the REPL's banner and the generated
/// API files (LuaLS, luacheck, docs/API.md) name it.
public let kitsimVersion = "0.1.0"

/// The API as scripts see it, gathered from the declarations: the model's classes, the
/// runtime's block class, the `sim` functions as each was defined, and the prelude's
/// functions. `luaLS` and `markdown` render it; nothing in either is written by hand.
public struct APIReference: Sendable {
    public let classes: [ClassInterface]
    public let simFunctions: [MethodSignature]
    public let version: String
    /// The globals a script sees beyond stock Lua's (`LuaSandbox.kitsimGlobals`).
    public let globals: [(name: String, type: String, fields: [String])]

    /// The reference of a sandbox: its model's classes and every `sim` function it has.
    public init(_ sandbox: LuaSandbox, version: String) {
        var classes = sandbox.model.classInterfaces
        let root = sandbox.heap.rootClass.name
        if let i = classes.firstIndex(where: { $0.name == root }) {
            classes.insert(APIReference.blockInterface, at: i + 1)
        } else {
            classes.insert(APIReference.blockInterface, at: 0)
        }
        self.classes = classes
        self.simFunctions = sandbox.simFunctions + APIReference.preludeSimFunctions
        self.version = version
        self.globals = sandbox.kitsimGlobals()
    }

    /// The runtime's block class (`sim.block`): called like a function.
    static let blockInterface = ClassInterface(
        name: "NSBlock", superclassName: nil, summary: "A closure with declared captures, made by `sim.block`; call it as a function.",
        isGlobal: true, properties: [], methods: [], statics: [], holds: [], enums: [])

    /// `sim` members the prelude defines in Lua.
    static let preludeSimFunctions = [
        MethodSignature("log", [.string("format"), Parameter("...", .any, optional: true)],
                        summary: "Formats like `string.format` and writes the line to the output and the trace."),
        MethodSignature("always", [.function("check", optional: false), .string("message")],
                        summary: "A property checked after every run-loop turn: when `check()` returns false or nil the run fails (`sim.always failed after 'tap push': message`) at the line whose turn broke it; `kitsim explore` checks it in every order."),
        MethodSignature("sometimes", [.function("check", optional: false), .string("message")],
                        summary: "A coverage goal checked after every turn: `kitsim explore` fails when no order it explored made `check()` true; `kitsim run` reports a goal its order never reached."),
    ]

    /// Global functions: the prelude's geometry constructors and assertion entry point, and
    /// the runtime's `autoreleasepool` and `NSClassFromString` (`installGlobalFunctions`).
    static let globalFunctions = [
        MethodSignature("CGRect", [.number("x", optional: true), .number("y", optional: true), .number("width", optional: true),
                                   .number("height", optional: true)], returns: .rect, summary: "A rectangle; missing numbers are 0."),
        MethodSignature("CGPoint", [.number("x", optional: true), .number("y", optional: true)], returns: .point,
                        summary: "A point; missing numbers are 0."),
        MethodSignature("CGSize", [.number("width", optional: true), .number("height", optional: true)], returns: .size,
                        summary: "A size (`{ width, height }`, `==` by value); missing numbers are 0."),
        MethodSignature("IndexPath", [.integer("row"), .integer("section", optional: true)], returns: .indexPath,
                        summary: "A table or collection view's index path: `{ row, item, section }`, 0-based, `==` by value."),
        MethodSignature("DispatchTime.now", returns: .time,
                        summary: "The virtual clock's time as a `DispatchTime`: `+`/`-` seconds, `==`/`<`/`<=`, `uptimeNanoseconds`; `DispatchTime.distantFuture` is never reached."),
        MethodSignature("expect", [Parameter("subject", .any)], returns: .object("Expectation"),
                        summary: "An assertion: `expect(vc).to.be.deallocated()`, `expect(n).to.equal(2)`; a failure names the line."),
        MethodSignature("autoreleasepool", [.function("body", optional: false)], returns: .any,
                        summary: "Swift's `autoreleasepool { }`: calls body in a nested autorelease pool, which is drained when body returns or raises (its error travels on unchanged); returns body's results (rule 76)."),
        MethodSignature("NSClassFromString", [.string("name")], returns: .metaclass, optional: true,
                        summary: "The class of that name, private classes and script subclasses included, or nil; nil too for a class newer than the profile (rule 77)."),
    ]

    /// Members every class table has, whatever its declaration (SPEC §4).
    static func classTableMembers(_ cls: String) -> [MethodSignature] {
        [
            MethodSignature("subclass", [.string("name"), Parameter("properties", .table, optional: true)], returns: .table,
                            summary: "A new class; properties map names to ownership (`strong`, `weak`, `unowned`, `assign`, `copy`) or to the value new instances start with (a number, boolean or other string: `{ ticks = 0 }`)."),
            MethodSignature("extend", [Parameter("properties", .table)],
                            summary: "Adds properties to this class (a category with associated objects)."),
            MethodSignature("swizzle", [.string("selector"), .function("fn", optional: false)],
                            summary: "Replaces a method; `fn(self, original, ...)` may call the original."),
            MethodSignature("isSubclass", [Parameter("class", .table)], returns: .bool),
        ]
    }

    /// Methods every object has.
    static let objectMethods = [
        MethodSignature("isKind", [Parameter("class", .table)], returns: .bool, summary: "`isKind(of:)`."),
        MethodSignature("responds", [.string("selector")], returns: .bool, summary: "`responds(to:)`."),
    ]
}
