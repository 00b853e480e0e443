import Foundation
import Testing
@testable import KitSimRuntime
@testable import KitSim

/// Every handle the model names resolves on a new simulator: each `ModelClass` of
/// `Simulator.modelClasses` is a class its heap declares, and each property handle a class
/// file makes (`handle.property("frame")`) is a property that class's declaration declares.
/// This is what lets `Heap.subscript(_:)` treat a failed lookup as a bug of the model,
/// which no script can cause: scripts cannot undeclare a class or a property.
@Suite struct ModelClassHandleTests {
    static let root: String = {
        var path = #filePath
        for _ in 0..<4 { path = String(path[..<path.lastIndex(of: "/")!]) }   // Tests/KitSimTests/UIKit/<file>
        return path
    }()

    @Test func everyModelClassResolves() {
        let sim = Simulator()
        for c in Simulator.modelClasses {
            #expect(sim.heap.classNamed(c.handle.name) != nil, "\(c.handle.name)")
            #expect(c.declaration.interface.name == c.handle.name && c.declaration.interface.isGlobal == c.handle.isGlobal)
        }
    }

    /// Read from the class files, as written: a handle that no declaration declares would
    /// only fail when the model first read it.
    @Test func everyPropertyHandleIsDeclaredByItsClass() throws {
        let sim = Simulator()
        let files = FileManager.default.enumerator(atPath: Self.root + "/Sources/KitSim")?.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") } ?? []
        var checked = 0
        for file in files {
            let text = try String(contentsOfFile: Self.root + "/Sources/KitSim/" + file, encoding: .utf8)
            let enums = text.components(separatedBy: ": ModelClass {").dropFirst()
            for body in enums {
                let block = body.components(separatedBy: "\n}\n")[0]
                guard let name = block.firstMatch(#"ClassHandle\("([^"]+)""#) else { continue }
                let cls = try #require(sim.heap.classNamed(name), "\(file): \(name)")
                for property in block.allMatches(#"handle\.property\("([^"]+)"\)"#) {
                    #expect(sim.heap.resolvedProperty(cls, property) != nil, "\(file): \(name).\(property)")
                    checked += 1
                }
            }
        }
        #expect(checked > 100)
    }
}

private extension String {
    func firstMatch(_ pattern: String) -> String? { allMatches(pattern).first }
    func allMatches(_ pattern: String) -> [String] {
        guard let re = try? NSRegularExpression(pattern: pattern) else { return [] }
        return re.matches(in: self, range: NSRange(startIndex..., in: self)).compactMap {
            Range($0.range(at: 1), in: self).map { String(self[$0]) }
        }
    }
}
