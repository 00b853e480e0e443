extension Heap {
    /// Appends an event stamped with the current source location.
    @inline(__always)
    func record(_ kind: TraceEvent.Kind, _ cause: TraceEvent.Cause = .none, detail: UInt16 = 0,
                object: UInt32, other: UInt32 = 0) {
        if locationIsStale { refreshLocation() }
        // The trace is a report, not state: an event the log has no memory for is counted
        // (`lostEvents`, which the trace text reports) rather than stopping the host.
        if !eventBuffer.append(TraceEvent(kind: kind, cause: cause, detail: detail, object: object,
                                          other: other, location: currentLocation)) {
            lostEvents &+= 1
        }
    }

    /// Interns a name for events. Past 65,535 distinct names every further one is
    /// recorded as "…" rather than failing: the trace is a report, not state.
    func intern(_ name: String) -> UInt16 {
        if let id = nameIDs[name] { return id }
        guard names.count < Int(UInt16.max) else { return UInt16.max }
        let id = UInt16(names.count)
        names.append(name)
        nameIDs[name] = id
        return id
    }

    func name(_ id: UInt16) -> String { Int(id) < names.count ? names[Int(id)] : "…" }

    /// Paths in collections (`items[70000]`, `map.someKey`) may use the names table up to
    /// here; past it a path is named by its base (`items[…]`), so that a huge collection
    /// never takes the names of the classes, properties and keys defined after it.
    static let pathNameLimit = 49_152

    /// The interned name of a path below the name `base`.
    func internPath(_ path: String, base: UInt16) -> UInt16 {
        if let id = nameIDs[path] { return id }
        guard names.count < Heap.pathNameLimit else { return intern(name(base) + "[…]") }
        return intern(path)
    }

    /// The interned name of element `index` (0-based) of the array named `nameID`,
    /// `subviews[3]` for index 2: cached, so a push or an `addSubview` builds no string.
    @inline(__always)
    func elementNameID(_ nameID: UInt16, _ index: Int) -> UInt16 {
        let n = Int(nameID)
        if n < elementNames.count, index < elementNames[n].count, elementNames[n][index] != 0 {
            return elementNames[n][index]
        }
        return internElementName(nameID, index)
    }

    @inline(never)
    func internElementName(_ nameID: UInt16, _ index: Int) -> UInt16 {
        let id = internPath("\(name(nameID))[\(index + 1)]", base: nameID)
        // Small indices are cached; a huge array's far elements are interned each time.
        guard index < 4096 else { return id }
        let n = Int(nameID)
        if n >= elementNames.count { elementNames.append(contentsOf: repeatElement([], count: n + 1 - elementNames.count)) }
        if index >= elementNames[n].count {
            elementNames[n].append(contentsOf: repeatElement(0, count: index + 1 - elementNames[n].count))
        }
        elementNames[n][index] = id
        return id
    }

    /// Asks the host where it is now.
    func refreshLocation() {
        locationIsStale = false
        guard let provider = locationProvider else { return }
        if let loc = provider() { setLocation(file: loc.file, line: loc.line) } else { currentLocation = 0 }
    }

    /// Sets the source location stamped on the events that follow.
    public func setLocation(file: String, line: Int) {
        let current = locations[Int(currentLocation)]
        if current.line == line && current.file == file { return }
        // Files by id, then (file id, line) as one integer: no string hashing per line.
        let fileID: UInt32
        if file == lastLocationFile.name {
            fileID = lastLocationFile.id
        } else if let id = locationFileIDs[file] {
            fileID = id
            lastLocationFile = (file, id)
        } else {
            fileID = UInt32(locationFileIDs.count)
            locationFileIDs[file] = fileID
            lastLocationFile = (file, fileID)
        }
        let key = UInt64(fileID) << 32 | UInt64(UInt32(truncatingIfNeeded: line))
        if let id = locationIDs[key] { currentLocation = id; return }
        let id = UInt32(locations.count)
        locations.append(SourceLocation(file: file, line: line))
        locationIDs[key] = id
        currentLocation = id
    }

    /// Clears the source location (events come from the runtime itself).
    public func clearLocation() { currentLocation = 0 }

    /// The source location an event was recorded at.
    public func location(of event: TraceEvent) -> SourceLocation { locations[Int(event.location)] }

    /// The host's source location now (the line the last event was stamped with), or nil.
    public var currentSourceLocation: SourceLocation? {
        if locationIsStale { refreshLocation() }
        let loc = locations[Int(currentLocation)]
        return loc.file.isEmpty ? nil : loc
    }

    /// Records a scenario log line (`sim.log`).
    public func log(_ message: String, object: ObjectID? = nil) {
        messages.append(message)
        record(.log, object: object?.raw ?? 0, other: UInt32(messages.count - 1))
    }

    /// Records a UIKit console warning ("Attempt to present … which is already presenting …").
    public func warn(_ message: String, object: ObjectID? = nil) {
        messages.append(message)
        record(.warning, object: object?.raw ?? 0, other: UInt32(messages.count - 1))
    }

    /// Records that an exception was raised, once: the error that comes back says it is
    /// recorded, and recording it again does nothing (an error the model raised and
    /// recorded is in the trace once, however many layers it crosses).
    @discardableResult
    public func recordException(_ error: SimError) -> SimError {
        guard !error.isRecorded else { return error }
        messages.append(error.description)
        record(.exception, object: error.object?.raw ?? 0, other: UInt32(messages.count - 1))
        var recorded = error
        recorded.isRecorded = true
        return recorded
    }

    /// The text of a `.log`, `.warning` or `.exception` event.
    public func message(of event: TraceEvent) -> String? {
        switch event.kind {
        case .log, .warning, .exception: return messages[Int(event.other)]
        default: return nil
        }
    }

    /// Every line logged with `log(_:)`, in order.
    public var logLines: [String] {
        events.compactMap { $0.kind == .log ? messages[Int($0.other)] : nil }
    }

    /// Every UIKit warning, in order.
    public var warnings: [String] {
        events.compactMap { $0.kind == .warning ? messages[Int($0.other)] : nil }
    }

    /// Moves the virtual clock forward to `time` (nanoseconds) and records it. The run
    /// loop calls this; time never goes backwards.
    public func advanceClock(to time: Int64) {
        guard time > now else { return }
        now = time
        let bits = UInt64(bitPattern: time)
        record(.clock, object: UInt32(truncatingIfNeeded: bits), other: UInt32(truncatingIfNeeded: bits >> 32))
    }
}
