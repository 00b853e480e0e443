import KitSimExplore
import KitSimLua
import BenchSupport
import KitSimPlatform

/// Section 5: `kitsim explore`'s speed, in orders per second on one core in this process
/// (each order a fresh simulator running the scenario from its first line), for the seeds'
/// explore scenarios; after one untimed search, a search is repeated until a second of runs
/// has passed. The goal is 1,000 orders per second on seed 003's double tap.
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
        // One search untimed first: the process's first search of a scenario pays once for
        // what every later one shares (the class declarations, Swift's type metadata, the
        // compiled scenario), and the rate is of the orders after it.
        guard (try? explorer.searchOnly()) != nil else { return nil }
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
