extension ControllerLifecycle {
    /// SPEC §2 `abandoned` leaks: a view controller that left the UI (popped,
    /// dismissed, replaced as a window's root, removed from its parent) and is still
    /// alive `abandonedDelay` (2 s) of virtual time later — MLeaksFinder's check. SPEC
    /// rule 47: a controller whose `willDealloc` returned false when it left, or that
    /// `sim.ignoreAbandoned` names, is not reported, and neither is what MLeaksFinder
    /// walked from it then (its children and presented controllers).
    func abandonedLeaks() -> [Leak] {
        let delay = sim.nanoseconds(sim.configuration.abandonedDelay)
        let exempt = abandonedExemptions()
        var out: [Leak] = []
        for raw in leftUI.keys.sorted() {
            guard let record = leftUI[raw] else { continue }
            let id = ObjectID(raw)
            guard heap.isAlive(id) else { leftUI.removeValue(forKey: raw); continue }
            if exempt.contains(raw) { continue }
            // Back in the UI by a path that did not clear the record (wrapped in a container, say).
            if isInUI(id) { continue }
            let elapsed = heap.now - record.time
            guard elapsed >= delay else { continue }
            out.append(abandonedLeak(id, record, aliveFor: elapsed))
        }
        return out
    }

    /// The report of `id`, which left the UI as `record` says. The paths are taken now: by
    /// the time a report renders them, the heap may have moved on. Each owner's path
    /// counts, since every one of them must let go.
    private func abandonedLeak(_ id: ObjectID, _ record: LeftUIRecord, aliveFor: Int64) -> Leak {
        let paths = heap.retainPaths(to: id, limit: .max).map(\.steps).filter { !$0.isEmpty }
        return .abandoned(Leak.Abandoned(controller: id, departure: record.how, leftAt: record.time, aliveFor: aliveFor, paths: paths))
    }

    /// MLeaksFinder's alert, at the moment it would show (rule 85): each controller whose
    /// `abandonedDelay` ends at or before `time` and that is still out of the UI and alive
    /// then is reported to `Heap.onLeakSighted`, once, with the paths that keep it at that
    /// moment. The run loop calls this before its clock passes `time`, so a leak that ends
    /// later in the run (a root put back) is still heard of, as the alert would have shown.
    func sightAbandoned(upTo time: Int64) {
        guard let sighted = heap.onLeakSighted, !leftUI.isEmpty else { return }
        let delay = sim.nanoseconds(sim.configuration.abandonedDelay)
        let exempt = abandonedExemptions()
        var out: [Leak] = []
        for raw in leftUI.keys.sorted() {
            guard var record = leftUI[raw], !record.sighted, record.time + delay <= time else { continue }
            record.sighted = true
            leftUI[raw] = record
            let id = ObjectID(raw)
            guard heap.isAlive(id), !exempt.contains(raw), !isInUI(id) else { continue }
            out.append(abandonedLeak(id, record, aliveFor: delay))
        }
        if !out.isEmpty { sighted(out) }
    }

    /// `kitsim fix`'s trial of a fix that is a call (rule 85): as each controller of
    /// `batch` leaves the UI, the releases configured for it are made, as the app's
    /// `viewWillDisappear` would make them. Each call goes through the model's own method,
    /// so it does what the script's call would. A reference already gone is left alone.
    func performReleases(leaving batch: [ObjectID]) throws {
        for vc in batch {
            for r in sim.configuration.releasesOnDeparture where r.controller == vc && heap.isAlive(r.owner) {
                if heap.isKind(r.owner, of: Timer.handle) || heap.isKind(r.owner, of: CADisplayLink.handle) {
                    _ = try heap.send(r.owner, Selector("invalidate"))
                } else if heap.isKind(r.owner, of: URLSession.handle) {
                    _ = try heap.send(r.owner, Selector("invalidateAndCancel"))
                } else if heap.isKind(r.owner, of: NotificationCenter.handle), heap.isAlive(r.target) {
                    _ = try heap.send(r.owner, Selector("removeObserver"), [.object(r.target)])
                } else if heap.isKind(r.owner, of: WKUserContentController.handle), let key = Self.quotedKey(r.name) {
                    _ = try heap.send(r.owner, Selector("removeScriptMessageHandler"), [.string(key)])
                } else if heap.isKind(r.owner, of: AnyCancellable.handle) {
                    _ = try heap.send(r.owner, Selector("cancel"))
                } else if heap.isKind(r.owner, of: Assign.handle) {
                    // A sink with [weak self] in place of the Assign keeps nothing once the
                    // screen goes: the trial lets the Assign's object go then (rule 87).
                    try sim.combine.releaseObject(ofAssign: r.owner)
                } else if heap.isKind(r.owner, of: CAAnimation.handle) {
                    for layer in heap.references(to: r.owner) where layer.name.hasPrefix("animations[") {
                        _ = try heap.send(layer.owner, Selector("removeAllAnimations"))
                    }
                }
            }
        }
    }

    /// The key of a reference named `handlers["dummy"]`: `dummy`.
    static func quotedKey(_ name: String) -> String? {
        guard let open = name.firstIndex(of: "\""), let close = name.lastIndex(of: "\""), open < close else { return nil }
        return String(name[name.index(after: open)..<close])
    }

    /// SPEC rule 47: the controllers exempt from `abandoned` reports — each live one
    /// whose `willDealloc` said false when it left or that is ignored, with what
    /// MLeaksFinder walked from it then.
    func abandonedExemptions() -> Set<UInt32> {
        var exempt = Set<UInt32>()
        for raw in leftUI.keys.sorted() {
            guard let record = leftUI[raw], heap.isAlive(ObjectID(raw)) else { continue }
            guard record.exempt || isIgnoredForAbandoned(ObjectID(raw)) else { continue }
            exempt.insert(raw)
            for w in record.walk { exempt.insert(w.raw) }
        }
        return exempt
    }

    /// Whether `sim.ignoreAbandoned` names the object or its class. The class must be the
    /// object's own, as MLeaksFinder compares `NSStringFromClass([self class])` with its
    /// whitelist: a subclass of a whitelisted class is still checked.
    func isIgnoredForAbandoned(_ id: ObjectID) -> Bool {
        abandonedIgnoredObjects.contains(id.raw) || abandonedIgnoredClasses.contains(heap.classOf(id).id)
    }

    /// `sim.ignoreAbandoned(obj)` (SPEC rule 47): the object, and what MLeaksFinder walks
    /// from it when it leaves the UI, are never reported `abandoned`, as when its
    /// `willDealloc` returns false. It also covers a departure before the call. Retain
    /// cycles through it are still reported.
    ///
    /// - Throws: the zombie error for a deallocated object.
    func ignoreAbandoned(_ id: ObjectID) throws {
        try heap.checkUsable(id, "ignoreAbandoned")
        abandonedIgnoredObjects.insert(id.raw)
    }

    /// `sim.ignoreAbandoned(Class)`, MLeaksFinder's `addClassNamesToWhitelist:` (SPEC rule
    /// 47): instances of exactly `cls` (not of its subclasses, as MLeaksFinder matches
    /// class names) are never reported `abandoned`, nor what MLeaksFinder walks from them.
    func ignoreAbandoned(instancesOf cls: SimClass) {
        abandonedIgnoredClasses.insert(cls.id)
    }

    /// What MLeaksFinder's `willDealloc` walks from a controller leaving the UI: its
    /// children (a navigation or tab bar controller's `viewControllers` are its children)
    /// and its presented controller, at any depth. `presentedAbove` stands in for the
    /// presentation links a dismissal cuts before the controllers leave.
    func mleaksFinderWalk(from vc: ObjectID, presentedAbove: [ObjectID]) -> [ObjectID] {
        var seen: Set<UInt32> = [vc.raw]
        var out: [ObjectID] = []
        var queue: [ObjectID] = [vc]
        var head = 0
        func visit(_ c: ObjectID) {
            guard heap.isAlive(c), seen.insert(c.raw).inserted else { return }
            out.append(c)
            queue.append(c)
        }
        for c in presentedAbove { visit(c) }
        while head < queue.count {
            let c = queue[head]; head += 1
            guard heap.isKind(c, of: UIViewController.handle) else { continue }
            if heap.isKind(c, of: UINavigationController.handle) { for x in (try? objects(c, UINavigationController.viewControllers)) ?? [] { visit(x) } }
            if heap.isKind(c, of: UITabBarController.handle) { for x in (try? objects(c, UITabBarController.viewControllers)) ?? [] { visit(x) } }
            for x in (try? objects(c, UIViewController.children)) ?? [] { visit(x) }
            if let p = (try? object(c, UIViewController.presentedViewController)) ?? nil { visit(p) }
        }
        return out
    }

    /// SPEC rule 47: asks each controller that left the UI since the last call its Lua
    /// `willDealloc()`, when its class defines one (UIKit's classes do not: MLeaksFinder's
    /// default is a script's to override). False exempts the controller, and what
    /// MLeaksFinder walked from it, from `abandoned` reports; true keeps them checked;
    /// any other answer is an error. A controller that another one leaving with it walks
    /// to is asked after that one, and not at all once that one is exempt, as MLeaksFinder
    /// never reaches it then. Every controller is asked even when one fails; the first
    /// error is raised at the end.
    func askWillDealloc() throws {
        guard !willDeallocQueue.isEmpty else { return }
        let batch = willDeallocQueue
        willDeallocQueue.removeAll()
        if !sim.configuration.releasesOnDeparture.isEmpty { try performReleases(leaving: batch) }
        // A controller walked to from another of the batch comes after it.
        let depth = batch.map { vc in batch.filter { $0 != vc && leftUI[$0.raw]?.walk.contains(vc) == true }.count }
        let ordered = batch.indices.sorted { depth[$0] != depth[$1] ? depth[$0] < depth[$1] : $0 < $1 }.map { batch[$0] }
        var walkedFromExempt = Set<UInt32>()
        var firstError: Error?
        for vc in ordered {
            guard heap.isAlive(vc), let record = leftUI[vc.raw], !walkedFromExempt.contains(vc.raw) else { continue }
            var checked = true
            if isIgnoredForAbandoned(vc) {
                checked = false
            } else if heap.responds(vc, to: .willDealloc) {
                do {
                    let answer = try heap.send(vc, .willDealloc)
                    guard case .bool(let b) = answer else {
                        throw SimError.misuse(.badReturn(method: "willDealloc", expected: "a boolean (MLeaksFinder's BOOL)",
                                                              got: ControllerLifecycle.luaTypeName(of: answer)), object: vc)
                    }
                    checked = b
                } catch {
                    if firstError == nil { firstError = error }
                    continue
                }
            }
            guard !checked else { continue }
            // The call may have brought the controller back (its record then went).
            leftUI[vc.raw]?.exempt = true
            walkedFromExempt.insert(vc.raw)
            for w in record.walk { walkedFromExempt.insert(w.raw) }
        }
        if let firstError { throw firstError }
    }

    /// The name Lua's `type()` gives a value a script returned: a table, once converted,
    /// is an array, a dictionary or a geometry value here.
    static func luaTypeName(of value: Value) -> String {
        switch value {
        case .array, .dictionary, .rect, .point, .size, .time: return "table"
        case .object: return "userdata"
        default: return value.typeName
        }
    }

    /// Whether a controller is part of what a window shows: a window's root, presented,
    /// or the child of one that is.
    func isInUI(_ vc: ObjectID) -> Bool {
        var c = vc
        for _ in 0...256 {
            if sim.isWindowRoot(c) { return true }
            if (try? object(c, UIViewController.presentingViewController)) ?? nil != nil { return true }
            guard let p = (try? object(c, UIViewController.parent)) ?? nil else { return false }
            c = p
        }
        return false
    }
}

extension Simulator {
    /// `sim.ignoreAbandoned(obj)` (SPEC rule 47): the object, and what MLeaksFinder walks
    /// from it when it leaves the UI, are never reported `abandoned`, as when its
    /// `willDealloc` returns false. It also covers a departure before the call. Retain
    /// cycles through it are still reported.
    ///
    /// - Throws: the zombie error for a deallocated object.
    public func ignoreAbandoned(_ id: ObjectID) throws { try lifecycle.ignoreAbandoned(id) }

    /// `sim.ignoreAbandoned(Class)`, MLeaksFinder's `addClassNamesToWhitelist:` (SPEC rule
    /// 47): instances of exactly `cls` (not of its subclasses, as MLeaksFinder matches
    /// class names) are never reported `abandoned`, nor what MLeaksFinder walks from them.
    public func ignoreAbandoned(instancesOf cls: SimClass) { lifecycle.ignoreAbandoned(instancesOf: cls) }
}
