#pragma once

#include "sched/ClusterState.h"
#include "sched/ScorePlugin.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace tessera {

// A pod's scoring key: pods of equal shape (sim/ShapeTable.h) pass the filter and score alike on
// a node, so scores are kept per (shape, node) and recomputed only for the nodes that changed.
using ShapeId = uint32_t;

// The winner of a full scan (fgd-pwr.md section 2: the feasible node with the highest weighted
// total, the first in the run's tie order among equals) without visiting every node.
//
// Per pod shape, a binary tree over the nodes in tie order holds, for every subtree and policy term,
// the largest raw score among its feasible nodes (and, for a min-max term, the smallest, which
// at the root are the scan's normalisation bounds). A node's leaf is rescored only when the
// cluster's change log names it, so a decision costs the nodes changed since the shape was last
// scheduled, times log N. The search is branch and bound: a subtree's best possible total is
// each term's normalised maximum, weighted (normalisation is monotone), and a subtree is skipped
// when that bound loses to the best node found so far, ties included (a later subtree loses a
// tie). With one term the bound is exact and the search walks a single path; with several
// (pwr:100,fgd:900) it visits the subtrees whose bound can still win. Exact either way.
class ArgmaxIndex {
public:
    struct Term {
        const ScorePlugin* plugin = nullptr;
        int64_t weight = 0;
    };

    ArgmaxIndex(std::vector<Term> terms, const std::vector<uint32_t>& tieOrder);
    ~ArgmaxIndex();

    // Whether the terms can be indexed: each a pure function of (node state, pod shape). Random
    // draws its node per decision, so a spec with it keeps the full scan.
    static bool supports(const std::vector<std::unique_ptr<ScorePlugin>>& plugins);

    // The node a full scan picks for `pod` (of shape `shape`), -1 when no node fits; nothing when
    // a score does not fit the index's 16 bits (see Score), and the caller must scan.
    std::optional<int32_t> best(const ClusterState& cluster, const PodSpec& pod, ShapeId shape);

    // Whether `shape` has a tree (it was scheduled and not released since).
    bool holds(ShapeId shape) const { return shape < trees_.size() && trees_[shape]; }
    // Frees the tree of a shape that will not be scheduled again (about 2 N scores per term); if
    // it is, best() builds it afresh, so releasing too early costs time, never exactness.
    void release(ShapeId shape);
    // How many shapes have a tree now.
    size_t treesHeld() const;

    // Scores are kept in 16 bits, which halves the index (one entry per node and shape): every
    // plugin's scores lie far inside (FGD, BestFit and the others about 0 to 100, PWR a node's
    // power change in watts). A score outside makes best() give up rather than be inexact.
    using Score = int16_t;

private:
    struct Tree;
    struct Search;

    Tree& treeFor(ShapeId shape);
    // These return false when a score does not fit a Score.
    bool catchUp(Tree& tree, const ClusterState& cluster, const PodSpec& pod);
    bool rebuild(Tree& tree, const ClusterState& cluster, const PodSpec& pod);
    bool setLeaf(Tree& tree, const ClusterState& cluster, const PodSpec& pod, uint32_t node);
    // Leaf `to` takes leaf `from`'s feasibility and scores.
    void copyLeaf(Tree& tree, size_t from, size_t to) const;
    // Sorts the nodes into kinds: equal specs but for the name (the first time only).
    void learnKinds(const ClusterState& cluster);
    // Recomputes entry `position` of `level` (>= 1) from its children.
    void pull(Tree& tree, size_t level, size_t position) const;

    std::vector<Term> terms_;
    std::vector<Normalisation> norms_;
    std::vector<int> loSlot_;          // per term: its row in Tree::lo, -1 when not min-max
    size_t minMaxTerms_ = 0;
    std::vector<uint32_t> order_;      // leaf position -> node (the tie order)
    std::vector<uint32_t> position_;   // node -> leaf position
    // The tree level by level, leaves (one per node) first, each level half the one below
    // rounded up, the root last: about 2 N entries per term, whatever N.
    std::vector<size_t> levelStart_, levelSize_;
    size_t entries_ = 0;
    std::vector<std::unique_ptr<Tree>> trees_;  // per shape, made when first scheduled
    // A node's kind: nodes of one kind in the same state pass the filter and score alike (a
    // score is a function of the node's spec and state, never of its name or place). Empty
    // nodes are most of a large cluster when a shape is first scheduled, so a rebuild scores
    // one empty node per kind and copies its leaf to the others.
    std::vector<uint32_t> kindOf_;            // per node
    std::vector<NodeState> emptyOfKind_;      // per kind
    std::vector<size_t> emptyLeafOfKind_;     // per kind, scratch for rebuild: the leaf scored
    // scratch for catchUp: nodes already rescored in this catch-up
    std::vector<uint64_t> mark_;
    uint64_t markClock_ = 0;
    std::vector<uint32_t> pending_;
};

}  // namespace tessera
