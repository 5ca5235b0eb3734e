#include "sched/ArgmaxIndex.h"

#include "sched/FeasibilityFilter.h"

#include <algorithm>
#include <limits>
#include <map>
#include <tuple>

namespace tessera {

namespace {

using Score = ArgmaxIndex::Score;
// A subtree without feasible nodes; a stored score lies strictly between the two.
constexpr Score kNoHi = std::numeric_limits<Score>::min();
constexpr Score kNoLo = std::numeric_limits<Score>::max();

}  // namespace

struct ArgmaxIndex::Tree {
    uint64_t seen = 0;       // change-log entries already applied
    bool built = false;
    std::vector<Score> hi;   // [term * entries + entry]: largest raw score of the subtree's feasible nodes
    std::vector<Score> lo;   // [slot * entries + entry]: smallest, for min-max terms only
};

// One query: the root's normalisation bounds and the best (total, tie rank) found so far.
struct ArgmaxIndex::Search {
    const ArgmaxIndex& index;
    const Tree& tree;
    std::vector<int64_t> rootLo, rootHi;  // per term
    int64_t bestTotal = std::numeric_limits<int64_t>::min();
    size_t bestPosition = std::numeric_limits<size_t>::max();

    Search(const ArgmaxIndex& ix, const Tree& t) : index(ix), tree(t)
    {
        const size_t root = ix.entries_ - 1;
        for (size_t p = 0; p < ix.terms_.size(); ++p) {
            rootHi.push_back(t.hi[p * ix.entries_ + root]);
            rootLo.push_back(ix.loSlot_[p] < 0 ? 0 : t.lo[size_t(ix.loSlot_[p]) * ix.entries_ + root]);
        }
    }

    bool feasible(size_t entry) const { return tree.hi[entry] != kNoHi; }

    // The best total any node of the subtree at `entry` can reach; a leaf's own total.
    int64_t bound(size_t entry) const
    {
        int64_t total = 0;
        for (size_t p = 0; p < index.terms_.size(); ++p)
            total += index.terms_[p].weight
                     * index.norms_[p].apply(tree.hi[p * index.entries_ + entry], rootLo[p], rootHi[p]);
        return total;
    }

    // The subtree at (level, position) covers the tie ranks from position << level on.
    void descend(size_t level, size_t position, int64_t b)
    {
        const size_t first = position << level;
        if (b < bestTotal || (b == bestTotal && first > bestPosition))
            return;
        if (level == 0) {
            bestTotal = b;
            bestPosition = first;
            return;
        }
        const size_t below = level - 1, l = 2 * position, r = l + 1;
        const size_t el = index.levelStart_[below] + l, er = index.levelStart_[below] + r;
        const bool fl = feasible(el), fr = r < index.levelSize_[below] && feasible(er);
        const int64_t bl = fl ? bound(el) : 0, br = fr ? bound(er) : 0;
        // The likelier winner first, so that the other side is pruned by its result.
        if (fr && (!fl || br > bl)) {
            descend(below, r, br);
            if (fl)
                descend(below, l, bl);
        } else {
            descend(below, l, bl);
            if (fr)
                descend(below, r, br);
        }
    }
};

ArgmaxIndex::ArgmaxIndex(std::vector<Term> terms, const std::vector<uint32_t>& tieOrder)
    : terms_(std::move(terms)), order_(tieOrder)
{
    for (const Term& t : terms_) {
        norms_.push_back(t.plugin->normalisation());
        loSlot_.push_back(norms_.back().minMax ? int(minMaxTerms_++) : -1);
    }
    for (size_t size = std::max<size_t>(order_.size(), 1);; size = (size + 1) / 2) {
        levelStart_.push_back(entries_);
        levelSize_.push_back(size);
        entries_ += size;
        if (size == 1)
            break;
    }
    position_.resize(order_.size());
    for (size_t i = 0; i < order_.size(); ++i)
        position_[order_[i]] = uint32_t(i);
    mark_.assign(order_.size(), 0);
}

ArgmaxIndex::~ArgmaxIndex() = default;

bool ArgmaxIndex::supports(const std::vector<std::unique_ptr<ScorePlugin>>& plugins)
{
    return std::all_of(plugins.begin(), plugins.end(), [](const auto& p) { return p->cacheable(); });
}

ArgmaxIndex::Tree& ArgmaxIndex::treeFor(ShapeId shape)
{
    if (trees_.size() <= shape)
        trees_.resize(size_t(shape) + 1);
    if (!trees_[shape])
        trees_[shape] = std::make_unique<Tree>();
    return *trees_[shape];
}

void ArgmaxIndex::release(ShapeId shape)
{
    if (holds(shape))
        trees_[shape].reset();
}

size_t ArgmaxIndex::treesHeld() const
{
    return size_t(std::count_if(trees_.begin(), trees_.end(), [](const auto& t) { return bool(t); }));
}

void ArgmaxIndex::pull(Tree& tree, size_t level, size_t position) const
{
    const size_t below = level - 1, l = 2 * position;
    const bool pair = l + 1 < levelSize_[below];
    const size_t to = levelStart_[level] + position, from = levelStart_[below] + l;
    for (size_t p = 0; p < terms_.size(); ++p) {
        Score* hi = tree.hi.data() + p * entries_;
        hi[to] = pair ? std::max(hi[from], hi[from + 1]) : hi[from];
    }
    for (size_t s = 0; s < minMaxTerms_; ++s) {
        Score* lo = tree.lo.data() + s * entries_;
        lo[to] = pair ? std::min(lo[from], lo[from + 1]) : lo[from];
    }
}

bool ArgmaxIndex::setLeaf(Tree& tree, const ClusterState& cluster, const PodSpec& pod, uint32_t node)
{
    const size_t leaf = position_[node];
    const bool fits = FeasibilityFilter::fits(cluster, node, pod);
    for (size_t p = 0; p < terms_.size(); ++p) {
        Score raw = kNoHi;
        if (fits) {
            // Truncated to 32 bits first, as the scan's score cache keeps it.
            const int32_t value = int32_t(terms_[p].plugin->score(ScoreInput{cluster, node, pod}).value);
            if (value <= kNoHi || value >= kNoLo)
                return false;
            raw = Score(value);
        }
        tree.hi[p * entries_ + leaf] = raw;
        if (loSlot_[p] >= 0)
            tree.lo[size_t(loSlot_[p]) * entries_ + leaf] = fits ? raw : kNoLo;
    }
    return true;
}

void ArgmaxIndex::copyLeaf(Tree& tree, size_t from, size_t to) const
{
    for (size_t p = 0; p < terms_.size(); ++p)
        tree.hi[p * entries_ + to] = tree.hi[p * entries_ + from];
    for (size_t s = 0; s < minMaxTerms_; ++s)
        tree.lo[s * entries_ + to] = tree.lo[s * entries_ + from];
}

void ArgmaxIndex::learnKinds(const ClusterState& cluster)
{
    if (kindOf_.size() == order_.size())
        return;
    std::map<std::tuple<int32_t, int64_t, int, GpuModelId>, uint32_t> kinds;
    kindOf_.resize(order_.size());
    for (uint32_t node = 0; node < order_.size(); ++node) {
        const NodeSpec& spec = cluster.spec(node);
        const auto [it, added] =
            kinds.try_emplace({spec.cpuMilli, spec.memoryMib, spec.gpuCount, spec.model}, uint32_t(kinds.size()));
        if (added)
            emptyOfKind_.push_back(NodeState::empty(spec));
        kindOf_[node] = it->second;
    }
}

bool ArgmaxIndex::rebuild(Tree& tree, const ClusterState& cluster, const PodSpec& pod)
{
    tree.built = false;  // until every leaf is scored: one that gives up is rebuilt, never read
    tree.hi.assign(terms_.size() * entries_, kNoHi);
    tree.lo.assign(minMaxTerms_ * entries_, kNoLo);
    learnKinds(cluster);
    constexpr size_t kNone = ~size_t(0);
    emptyLeafOfKind_.assign(emptyOfKind_.size(), kNone);
    for (uint32_t node = 0; node < order_.size(); ++node) {
        const uint32_t kind = kindOf_[node];
        const bool empty = cluster.state(node) == emptyOfKind_[kind];
        if (empty && emptyLeafOfKind_[kind] != kNone) {
            copyLeaf(tree, emptyLeafOfKind_[kind], position_[node]);
            continue;
        }
        if (!setLeaf(tree, cluster, pod, node))
            return false;
        if (empty)
            emptyLeafOfKind_[kind] = position_[node];
    }
    for (size_t level = 1; level < levelSize_.size(); ++level)
        for (size_t position = 0; position < levelSize_[level]; ++position)
            pull(tree, level, position);
    tree.built = true;
    return true;
}

bool ArgmaxIndex::catchUp(Tree& tree, const ClusterState& cluster, const PodSpec& pod)
{
    const std::vector<uint32_t>& log = cluster.changeLog();
    const uint64_t from = tree.seen;
    tree.seen = cluster.changeCount();
    // Entries this tree has not seen were dropped from the log: every node may have changed.
    if (!tree.built || from < cluster.changeLogBase())
        return rebuild(tree, cluster, pod);
    // Each changed node once, however often it changed.
    ++markClock_;
    pending_.clear();
    for (size_t k = size_t(from - cluster.changeLogBase()); k < log.size(); ++k) {
        const uint32_t node = log[k];
        if (mark_[node] != markClock_) {
            mark_[node] = markClock_;
            pending_.push_back(node);
        }
    }
    if (pending_.size() * 2 > order_.size())  // most nodes changed: rebuilding is cheaper
        return rebuild(tree, cluster, pod);
    for (uint32_t node : pending_) {
        if (!setLeaf(tree, cluster, pod, node)) {
            tree.built = false;  // the later pending nodes were not rescored: rebuild if asked again
            return false;
        }
        size_t position = position_[node];
        for (size_t level = 1; level < levelSize_.size(); ++level)
            pull(tree, level, position /= 2);
    }
    return true;
}

std::optional<int32_t> ArgmaxIndex::best(const ClusterState& cluster, const PodSpec& pod, ShapeId shape)
{
    Tree& tree = treeFor(shape);
    if (!catchUp(tree, cluster, pod))
        return std::nullopt;
    Search search(*this, tree);
    const size_t top = levelSize_.size() - 1;
    if (!search.feasible(entries_ - 1))
        return -1;
    search.descend(top, 0, search.bound(entries_ - 1));
    return int32_t(order_[search.bestPosition]);
}

}  // namespace tessera
