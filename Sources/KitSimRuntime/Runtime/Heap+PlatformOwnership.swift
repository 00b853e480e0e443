/// Properties whose ownership depends on the platform version (rule 78): a declaration says
/// what the property was before a version changed it (`EarlierOwnership`), and the heap gives
/// every class that has the property, subclasses included, the ownership of its
/// `platformVersion`: when the class is registered, and again for every class whenever the
/// version changes (`sim.configure{ ios = 8 }` after launch).
extension Heap {
    /// Gives the properties of a class being registered that declare an earlier ownership
    /// the one of the current platform version, and notes them for later changes of version.
    /// Called before the class's hot-path entries are built from its properties.
    func resolvePlatformOwnership(_ cls: SimClass) {
        for i in cls.properties.indices where cls.properties[i].earlier != nil {
            let ownership = cls.properties[i].ownership(on: platformVersion)
            cls.properties[i].ownership = ownership
            cls.slotOwnership[i] = ownership
            versionedProperties.append(VersionedProperty(classID: cls.id, index: UInt32(i)))
        }
    }

    /// The platform version changed: every noted property takes the ownership of the new
    /// version, in its class, the hot path's table and the handles' cache, and the references
    /// live objects already hold through it follow. A weak reference that becomes `assign`
    /// leaves the target's list of weak references (it will dangle when the target goes); an
    /// `assign` one that becomes weak joins it while its target lives, and reads nil at once
    /// when its target is already gone, as if it had been zeroed then (the event says so).
    /// Neither kind retains (`defineClass` refuses anything else), so no count changes.
    func applyPlatformVersion() {
        guard !versionedProperties.isEmpty else { return }
        var changed: [UInt32: [(index: Int, from: Ownership, to: Ownership)]] = [:]
        for v in versionedProperties {
            let cls = classes[Int(v.classID)]
            let i = Int(v.index)
            let from = cls.properties[i].ownership
            let to = cls.properties[i].ownership(on: platformVersion)
            guard from != to else { continue }
            cls.properties[i].ownership = to
            cls.slotOwnership[i] = to
            propertyAccess[Int(propertyAccessBase[Int(v.classID)]) + i].ownership = to
            changed[v.classID, default: []].append((i, from, to))
        }
        guard !changed.isEmpty else { return }
        // Copies the model resolved through its handles carry the old ownership: resolve again.
        for i in handleCache.properties.indices where handleCache.properties[i]?.earlier != nil {
            handleCache.properties[i] = nil
        }
        for raw in 1..<classIndex.count where states[raw] != .deallocated {
            guard let list = changed[classIndex[raw]] else { continue }
            let base = Int(slotBase[raw])
            for c in list {
                let index = base + c.index
                if c.from == .weak { unlinkWeak(slot: UInt32(index)) }
                guard c.to == .weak, case .object(let target) = slots[index] else { continue }
                if states[Int(target.raw)] == .alive {
                    linkWeak(slot: UInt32(index), owner: UInt32(raw), target: target.raw)
                } else {
                    clearObjectSlot(index)
                    if recordsHistory {
                        record(.weakZeroed, detail: slotNameID(owner: UInt32(raw), slot: UInt32(index)),
                               object: target.raw, other: UInt32(raw))
                    }
                }
            }
        }
    }
}

/// A property, by class id and index among the class's properties, whose ownership depends
/// on the platform version.
struct VersionedProperty {
    let classID: UInt32
    let index: UInt32
}
