import KitSimExplore
import KitSimLua
import BenchSupport
import KitSimPlatform

/// Section 5: `kitsim explore`'s speed, in orders per second on one core in this process
/// (each order a fresh simulator running the scenario from its first line), for the seeds'
/// explore scenarios; after searches untimed for a fifth of a second, a search is repeated
/// until a second of runs has passed. The goal is 1,000 orders per second on seed 003's double tap.
enum ExploreSpeed {
    /// The seeds' explore scenarios, by their paths from the repository's root.
    static func scenarios(root: String) -> [String] {
        ["seed003_double_tap_fix", "seed003_double_tap_bug", "seed003_swipe_back_bug", "seed003_swipe_back_fix",
         "seed004_root_swap_bug", "seed004_root_swap_fix", "seed000_splash_race_bug", "seed000_splash_race_fix"]
            .map { root + "/Scenarios/explore/" + $0 + ".lua" }
    }

    static func exists(_ path: String) -> Bool {
        guard let f = fopen(path, "rb") else { return false }
        fclose(f)
        return true
    }

    /// Orders per second of a `dfs` over `path` (with or without the reduction); nil when the
    /// file is missing or the search fails to run.
    static func ordersPerSecond(_ path: String, reduction: Bool, seconds: Double) -> (rate: Double, orders: Int)? {
        var options = Explorer.Options(file: path)
        options.reduction = reduction
        let explorer = Explorer(options)
        // Searches untimed for a fifth of the time first: the first search of a scenario
        // pays once for what every later one shares (the class declarations, Swift's type
        // metadata, the compiled scenario), and a process's first second runs slower while
        // its heap grows (BENCHMARKS.md); the rate is of a search that has warmed up, as
        // one of thousands of orders is after its first few.
        var warm = 0.0
        repeat {
            guard let t = try? timeNanoseconds({ _ = try explorer.searchOnly() }) else { return nil }
            warm += t / 1e9
        } while warm < seconds / 5
        var orders = 0, elapsed = 0.0
        repeat {
            var n = 0
            guard let t = try? timeNanoseconds({ n = try explorer.searchOnly() }) else { return nil }
            orders += n
            elapsed += t / 1e9
        } while elapsed < seconds
        return (Double(orders) / elapsed, orders)
    }
}
