// The engine's delivery and arbitration: a frame's changes shown to its targets, the touch sequences that begin with
// their rivals, the verdict on a waiting target's rivals, settling after every input (arbitrating each target's
// updates, then delivering what is heard to its component), cancelling, and the explanations of it all.
// Diagrams: docs/state-machines/engine.md, docs/state-machines/coordination.md.

extension GestureEngine {
    // MARK: Delivery and coordination

    /// Hands each target its changes of this frame, begins the touch sequences that start (when a finger `landed`),
    /// and delivers what is to be heard.
    mutating func deliverChanges(at time: Timestamp, landed: Bool, into events: inout [GestureEvent]) {
        var beginning = false
        if landed {
            for index in awake where !nodes[index].changes.landed.isEmpty
                && nodes[index].fingers == nodes[index].changes.landed.count {
                nodes[index].beginsSequence = true
                beginning = true
            }
        }
        if beginning {
            // The last finger lifted and another landed in the same frame: two touch sequences, one
            // after the other, so that no gesture sees a sequence end and the next begin at once.
            for index in awake where nodes[index].beginsSequence && !nodes[index].changes.lifted.isEmpty {
                var ending = nodes[index].changes
                ending.time = time
                ending.landed.removeAll()
                ending.fingersDown = 0
                nodes[index].recognizer.touchesChanged(ending, log: &recording)
                explain(index, at: time, into: &events)
                nodes[index].changes.moved.removeAllKeepingCapacity()
                nodes[index].changes.lifted.removeAllKeepingCapacity()
            }
            // Every other target takes the whole frame now, so that the ending sequences' rivals are
            // judged with this frame's lifts seen (a child's tap ends in the frame its parent begins anew).
            for index in awake where !nodes[index].beginsSequence && !nodes[index].changes.isEmpty {
                showChanges(index, at: time)
                explain(index, at: time, into: &events)
            }
            // The ending sequences are judged as they were, before any rival begins anew.
            arbitrationRound += 1
            for index in awake where nodes[index].beginsSequence {
                arbitrate(index)
                explain(index, at: time, into: &events)
            }
            for index in awake where nodes[index].beginsSequence {
                let status = status(of: index) ?? .failed
                nodes[index].previousSequence = (nodes[index].sequence, status)
                nodes[index].sequence += 1
            }
            recording?.cancellation = .forgotten
            var rivals = buffers.takeRivals()
            for index in awake where nodes[index].beginsSequence && hasGesture(index) {
                rivals.removeAllKeepingCapacity()
                appendRivals(of: index, to: &rivals)
                nodes[index].rivalsAfterFirst = rivalsAfterFirst(of: index, in: rivals)
                let names = recording != nil ? self.names(of: rivals) : []
                nodes[index].recognizer.beginSequence(rivals: rivals, named: names, at: time, log: &recording)
                explain(index, at: time, into: &events)
            }
            buffers.keepRivals(&rivals)
        }
        for index in awake where !nodes[index].changes.isEmpty {
            showChanges(index, at: time)
            explain(index, at: time, into: &events)
        }
        if beginning {
            for index in awake { nodes[index].beginsSequence = false }
        }
        settle(at: time, into: &events)
    }

    /// Hands the target at `index` its changes of this frame, at `time`, with the fingers down on it now; then
    /// empties them for the next frame.
    @inline(__always)
    mutating func showChanges(_ index: Int, at time: Timestamp) {
        nodes[index].showChanges(at: time, through: &buffers.spareChanges, log: &recording)
    }

    /// Appends to `rivals` the gestures that begin a touch sequence together with the target at `index` (the same
    /// landings) and have priority over its gesture.
    func appendRivals(of index: Int, to rivals: inout [Rival]) {
        // Descendants have priority unless this one is high-priority or they are simultaneous.
        if nodes[index].coordination != .highPriority {
            for descendant in (index + 1)..<nodes[index].subtreeEnd
            where nodes[descendant].beginsSequence && hasGesture(descendant)
                && nodes[descendant].coordination != .simultaneous {
                rivals.append(Rival(target: nodes[descendant].id, sequence: nodes[descendant].sequence, place: descendant))
            }
        }
        // High-priority ancestors have priority, unless this one is simultaneous.
        if nodes[index].coordination != .simultaneous {
            var ancestor = nodes[index].parent
            while let above = ancestor {
                if nodes[above].beginsSequence && hasGesture(above) && nodes[above].coordination == .highPriority {
                    rivals.append(Rival(target: nodes[above].id, sequence: nodes[above].sequence, place: above))
                }
                ancestor = nodes[above].parent
            }
        }
    }

    /// The first of `rivals` (those of the target at `index`), when the others are exactly those it waits for itself:
    /// then the verdict on the target's rivals is that on the first, then the first's verdict (`verdict(waitedFor:)`).
    /// So it is when the target is `exclusive`, its first rival is an `exclusive` descendant, and every other rival
    /// below the target is below that one: its rivals below are the same, in the same order, and its rivals above
    /// (the high-priority ancestors) too, the target itself not being one. (Nested targets that a finger lands on
    /// together are so: each waits for the one inside it, and what that one waits for.)
    func rivalsAfterFirst(of index: Int, in rivals: [Rival]) -> Rival? {
        guard nodes[index].coordination == .exclusive, let first = rivals.first, first.place > index,
              first.place < nodes[index].subtreeEnd, nodes[first.place].coordination == .exclusive else { return nil }
        let end = nodes[first.place].subtreeEnd
        for rival in rivals.dropFirst() where rival.place >= end && rival.place < nodes[index].subtreeEnd { return nil }
        return rivals.count > 1 ? first : nil
    }

    /// What the rivals the target at `index` waits for (`rivals`) have done, and the rival that decided it (the one
    /// that succeeded, or the first still possible) with its status then.
    ///
    /// Found once for each target in an arbitration (`arbitrationRound`, kept in `Node.verdict`), and from the verdict
    /// on the first rival's own rivals when they are the rest of these (`rivalsAfterFirst`): nested targets each wait
    /// for every target inside them, and judging every rival anew for each made an arbitration quadratic in the
    /// depth (docs/performance.md, "Arbitration").
    mutating func verdict(waitedFor rivals: [Rival], by index: Int) -> Verdict {
        if let kept = nodes[index].verdict, kept.round == arbitrationRound { return kept.verdict }
        var verdict: Verdict
        if let first = nodes[index].rivalsAfterFirst, let firstIndex = self.index(of: first),
           nodes[firstIndex].sequence == first.sequence, let itsRivals = rivalsWaitedFor(by: firstIndex) {
            // (In two steps: with the recursion as the argument, the engine was read for the outer call first, and
            // the recursion's write then copied every node.)
            let itsVerdict = self.verdict(waitedFor: itsRivals, by: firstIndex)
            verdict = self.verdict(judging: first, then: itsVerdict)
        } else {
            verdict = .allFailed
            for rival in rivals.reversed() { verdict = self.verdict(judging: rival, then: verdict) }
        }
        nodes[index].verdict = (arbitrationRound, verdict)
        return verdict
    }

    /// The verdict on `rival` followed by rivals whose verdict is `rest`: the first that succeeded decides, else the
    /// first still possible.
    func verdict(judging rival: Rival, then rest: Verdict) -> Verdict {
        guard let judged = judge(rival) else { return rest }
        switch judged.status {
        case .active, .ended, .cancelled: return Verdict(verdict: .oneSucceeded, decisive: judged)
        case .possible: return rest.verdict == .oneSucceeded ? rest : Verdict(verdict: .undecided, decisive: judged)
        case .failed: return rest
        }
    }

    /// How `rival` stands now, and where it is: its gesture's status in the touch sequence it is waited for in; nil
    /// when it no longer counts (removed since, or its sequence over without a decision to come).
    func judge(_ rival: Rival) -> (index: Int, status: RecognizerStatus)? {
        // A rival removed since is taken as failed.
        guard let index = index(of: rival), hasGesture(index) else { return nil }
        if nodes[index].sequence == rival.sequence {
            let status = self.status(of: index) ?? .failed
            // Its sequence is over (no finger left) and it waits for nothing: it never will decide.
            if status == .possible && nodes[index].fingers == 0 && nodes[index].ignoredFingers == 0
                && currentDeadline(of: index) == nil {
                return nil
            }
            return (index, status)
        } else if let previous = nodes[index].previousSequence, previous.number == rival.sequence {
            // Its sequence ended: still possible then means it never succeeded.
            return (index, previous.status == .possible ? .failed : previous.status)
        } else {
            return nil
        }
    }

    /// The place of `rival` in the tree now: where it was when its sequence began, unless the tree changed since.
    func index(of rival: Rival) -> Int? {
        if rival.place < nodes.count && nodes[rival.place].id == rival.target { return rival.place }
        return index(ofNode: rival.target)
    }

    /// The names of the targets `rivals` names (a removed one has none), for explanations.
    func names(of rivals: [Rival]) -> [String] {
        rivals.compactMap { rival in index(ofNode: rival.target).map { nodes[$0].name } }
    }

    /// The rivals the target at `index` waits for, if it waits.
    func rivalsWaitedFor(by index: Int) -> [Rival]? { nodes[index].recognizer.rivals }

    // MARK: Settling

    /// Arbitrates the updates of the target at `index` made so far in this input.
    mutating func arbitrate(_ index: Int) {
        // The rivals' list is let go of before the arbitration, which recycles its buffer: held meanwhile, that buffer
        // was copied to be emptied (an allocation at the end of every wait).
        let verdict: RivalsVerdict
        if let rivals = rivalsWaitedFor(by: index) {
            let found = self.verdict(waitedFor: rivals, by: index)
            if recording != nil {
                let note = RivalNote(rival: found.decisive.map { nodes[$0.index].name } ?? "",
                                     status: found.decisive?.status ?? .failed, rivals: names(of: rivals))
                recording?.rivalNote = note
            }
            verdict = found.verdict
        } else {
            verdict = .allFailed
        }
        nodes[index].recognizer.arbitrate(verdict, log: &recording)
    }

    /// Moves what the machines reported to the log into `events`, as explanation lines of the target at
    /// `index` at `time`.
    @inline(__always)
    mutating func explain(_ index: Int, at time: Timestamp, into events: inout [GestureEvent]) {
        guard let explanations = recording?.removeAll() else { return }
        for explanation in explanations {
            events.append(GestureEvent(time: time, target: nodes[index].name, kind: .explanation(explanation)))
        }
    }

    /// After an input: every target arbitrates its updates (and those it held), then delivers what is to
    /// be heard, in tree order. Those left idle sleep (EngineStorage.swift, "Awake targets").
    mutating func settle(at time: Timestamp, into events: inout [GestureEvent]) {
        arbitrationRound += 1
        var kept = 0
        // The idle ones are put to sleep in the same pass (by position, so that the list can be compacted meanwhile): a
        // pass of its own after every input cost about 15 instructions an evdev event on replay's workload.
        for position in awake.indices {
            let index = awake[position]
            settleTarget(index, at: time, into: &events)
            keepAwake(index, at: position, counting: &kept)
        }
        if kept < awake.count { awake.removeLast(awake.count - kept) }
    }

    /// Settles the target at `index` after an input: arbitrates its updates, delivers what is heard.
    @inline(__always)
    mutating func settleTarget(_ index: Int, at time: Timestamp, into events: inout [GestureEvent]) {
        guard hasGesture(index) else { return }  // a container
        if recording == nil {
            // Most often the target waits for no rival: its recognizer settles in one call, deadline included.
            if nodes[index].settleUnlessWaiting(at: time, into: &events) { return }
        } else if !needsSettling(index) {
            nodes[index].recognizer.refreshDeadline()
            return
        }
        arbitrate(index)
        explain(index, at: time, into: &events)
        nodes[index].deliver(at: time, into: &events)
        nodes[index].recognizer.refreshDeadline()
    }

    /// Cancels the gesture of the target at `index`: what it reported ends `cancelled`; what waited is
    /// never heard.
    mutating func cancel(_ index: Int, at time: Timestamp, into events: inout [GestureEvent]) {
        guard hasGesture(index) else { return }
        nodes[index].recognizer.cancel(at: time, log: &recording)
        explain(index, at: time, into: &events)
        nodes[index].deliver(at: time, into: &events)
        nodes[index].recognizer.refreshDeadline()
    }

    mutating func cancelAll(at time: Timestamp, because cause: Explanation.Cancellation, into events: inout [GestureEvent]) {
        advance(to: time, into: &events)
        recording?.cancellation = cause
        for index in nodes.indices { cancel(index, at: time, into: &events) }
        wakeBusyTargets()  // (a cancellation may leave something to settle, or a deadline)
    }
}
