import BenchSupport
import KitSimLua
import KitSimPlatform

/// Measurements made by running other programs: start-up and suite throughput with
/// hyperfine, instruction counts with valgrind's callgrind.
enum External {
    /// Runs a shell command; returns its exit status and standard output.
    @discardableResult
    static func shell(_ command: String, output: Bool = true) -> (status: Int32, out: String) {
        let file = temporaryDirectory + "/out.\(getpid()).\(counter.next())"
        defer { unlink(file) }
        let status = system(command + " > '\(file)'" + (output ? "" : " 2>&1"))
        let text = readText(file) ?? ""
        let code = status == -1 ? -1 : (status >> 8) & 0xff
        return (Int32(code), text)
    }

    static func have(_ tool: String) -> Bool { shell("command -v \(tool)").status == 0 }

    nonisolated(unsafe) static var temporaryDirectory: String = {
        Platform.makeTemporaryDirectory("kitsim-bench.") ?? Platform.temporaryDirectory
    }()

    static func cleanUp() { shell("rm -rf '\(temporaryDirectory)'") }

    final class Counter { var n = 0; func next() -> Int { n += 1; return n } }
    nonisolated(unsafe) static let counter = Counter()

    /// hyperfine's mean and standard deviation (seconds) for each command, in order.
    static func hyperfine(_ commands: [String], runs: Int, warmup: Int) -> [(mean: Double, sd: Double)]? {
        let csv = temporaryDirectory + "/hyperfine.csv"
        let quoted = commands.map { "'" + $0 + "'" }.joined(separator: " ")
        let r = shell("hyperfine -N --style none --warmup \(warmup) --runs \(runs) --export-csv '\(csv)' \(quoted)", output: false)
        guard r.status == 0, let text = readText(csv) else { return nil }
        // command,mean,stddev,median,user,system,min,max
        var out: [(Double, Double)] = []
        for line in text.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count >= 3, let m = Double(fields[fields.count - 7]), let s = Double(fields[fields.count - 6]) else { return nil }
            out.append((m, s))
        }
        return out.count == commands.count ? out : nil
    }

    /// Writes `count` small generated scenarios (push/pop, root swaps, presentation,
    /// view hierarchies, a block cycle found by `sim.leaks` and expected with
    /// `expect(obj).to.leak()`) into `dir`.
    static func generateScenarios(_ count: Int, into dir: String) -> Bool {
        mkdir(dir, 0o755)
        for i in 0..<count {
            let n = i % 7 + 1
            let body: String
            switch i % 5 {
            case 0:
                body = """
                    local nav = UINavigationController(UIViewController())
                    window.rootViewController = nav
                    sim.run(0)
                    local pushed = {}
                    for k = 1, \(n) do pushed[k] = UIViewController(); nav:pushViewController(pushed[k], false); sim.run(0) end
                    expect(#nav.viewControllers).to.equal(\(n + 1))
                    nav:popToRootViewController(false)
                    sim.run(0)
                    for k = 1, \(n) do expect(pushed[k]).to.be.deallocated() end
                    """
            case 1:
                body = """
                    local Holder = UIViewController:subclass("Holder\(i)", { old = "weak" })
                    local first = UIViewController()
                    window.rootViewController = first
                    sim.run(0)
                    local h = Holder()
                    h.old = first
                    window.rootViewController = h
                    sim.run(\(n))
                    expect(first).to.be.deallocated()
                    expect(h.old).to.equal(nil)
                    """
            case 2:
                body = """
                    local root = UIViewController()
                    window.rootViewController = root
                    sim.run(0)
                    local modal = UIViewController()
                    root:present(modal, false)
                    sim.run(1)
                    expect(root.presentedViewController).to.equal(modal)
                    root:dismiss(false)
                    sim.run(1)
                    expect(modal).to.be.deallocated()
                    """
            case 3:
                body = """
                    local root = UIViewController()
                    window.rootViewController = root
                    sim.run(0)
                    local views = {}
                    for k = 1, \(n) do views[k] = UIView(CGRect(0, 0, 10 * k, 10)); root.view:addSubview(views[k]) end
                    expect(#root.view.subviews).to.equal(\(n))
                    for k = 1, \(n) do views[k]:removeFromSuperview() end
                    sim.run(0)
                    for k = 1, \(n) do expect(views[k]).to.be.deallocated() end
                    """
            default:
                body = """
                    local Owner = UIViewController:subclass("Owner\(i)", { callback = "strong" })
                    local o = Owner()
                    o.callback = sim.block{ strong = { o }, function() end }
                    o = nil
                    sim.run(0)
                    local leaks = sim.leaks()
                    expect(#leaks).to.equal(1)
                    expect(leaks[1].objects[1]).to.leak()      -- on purpose, so kitsim test expects it
                    """
            }
            let text = """
                -- generated scenario \(i) (kitsim-lua-bench)
                local window = UIWindow(UIScreen.main.bounds)
                UIApplication.shared.delegate.window = window
                window:makeKeyAndVisible()
                \(body)

                """
            let name = String(i + 100000).dropFirst()
            guard writeText(dir + "/gen\(name).lua", text) else { return false }
        }
        return true
    }

    /// Runs `self` under callgrind in its `--callgrind-child` mode and reads the
    /// instruction totals it dumped for each label.
    /// `countHook: true` runs the KitSim side with the optional instruction budget's count hook.
    static func callgrind(selfPath: String, ops: [String], calls: Int, countHook: Bool = false) -> [String: Double]? {
        let dir = temporaryDirectory + "/callgrind"
        mkdir(dir, 0o755)
        let r = shell("valgrind --tool=callgrind --callgrind-out-file='\(dir)/cg.out' "
                      + "'\(selfPath)' --callgrind-child \(ops.joined(separator: ",")) --calls \(calls)"
                      + (countHook ? " --count-hook" : ""), output: false)
        guard r.status == 0 else { return nil }
        var totals: [String: Double] = [:]
        let files = shell("ls '\(dir)'").out.split(separator: "\n").map(String.init)
        for f in files where f.hasPrefix("cg.out") {
            guard let text = readText(dir + "/" + f) else { continue }
            var label: String?, total: Double?
            for line in text.split(separator: "\n") {
                if line.hasPrefix("desc: Trigger: Client Request: ") {
                    label = String(line.dropFirst("desc: Trigger: Client Request: ".count))
                } else if line.hasPrefix("totals: ") || line.hasPrefix("summary: ") {
                    total = Double(line.split(separator: " ")[1])
                }
            }
            if let label, let total { totals[label] = total }
        }
        shell("rm -rf '\(dir)'")
        return totals
    }
}

func readText(_ path: String) -> String? { readTextFile(path) }

func writeText(_ path: String, _ text: String) -> Bool { writeTextFile(path, text) }

/// The path of the running executable.
func executablePath() -> String { Platform.executablePath() ?? CommandLine.arguments[0] }

