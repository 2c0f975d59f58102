"""Plain graph searches the generator and its checks share (who is reachable by roads or connections)."""

from __future__ import annotations

from collections import defaultdict, deque
from collections.abc import Hashable, Iterable, Mapping


def adjacency(pairs: Iterable[tuple[Hashable, Hashable]], keep: set | None = None) -> defaultdict:
    """Neighbour lists of an undirected graph given by its edges; with `keep`, only edges inside it."""
    adj: defaultdict = defaultdict(list)
    for a, b in pairs:
        if keep is None or (a in keep and b in keep):
            adj[a].append(b)
            adj[b].append(a)
    return adj


def reachable(adj: Mapping, start: Hashable) -> set:
    """Every node reachable from `start` (itself included), breadth first."""
    seen = {start}
    queue = deque([start])
    while queue:
        v = queue.popleft()
        for w in adj.get(v, ()):
            if w not in seen:
                seen.add(w)
                queue.append(w)
    return seen


def largest_group(members: Iterable[Hashable], adj: Mapping) -> int:
    """The size of the largest group of `members` joined by `adj` (0 without members)."""
    best = 0
    seen: set = set()
    for start in members:
        if start not in seen:
            group = reachable(adj, start)
            seen |= group
            best = max(best, len(group))
    return best
