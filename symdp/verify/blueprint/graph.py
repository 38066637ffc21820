"""A paper's dependency graph as inline SVG: one node per claim, an edge from each claim it uses.

Layout: the layered (Sugiyama) drawing that Graphviz's ``dot`` made standard — layers by longest
path, crossings reduced by median ordering, coordinates by Brandes–Köpf, long edges routed through
dummy nodes — from ``grandalf`` (pure Python, on PyPI, ~2 ms per node here). Graphviz itself was
the first choice and was set aside: its Python bindings either call the ``dot`` binary or compile
against libgraphviz, and neither comes with a ``pip install``; networkx has no layered layout (its
``multipartite_layout`` places given layers without reducing crossings); a hand-made layout would
be one more thing to test.

Legibility for 60 claims: the layers run left to right (claims are wide, short boxes, and a claim
used by many others puts them in one column, which a page scrolls through, instead of one row
wider than the screen); each connected group of claims is laid out on its own and the groups are
packed in shelves; claims that use no claim of the paper and are used by none (in the papers here,
most of them) are set in a grid below, in the paper's order. Labels keep their font size; a long
label is shortened on the node and given whole in its tooltip and its section.

A claim of another paper that a claim uses appears as a dashed node linking to that paper's page;
it carries ``data-external`` rather than ``data-claim``, so ``data-claim`` nodes are exactly the
page's claims.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from typing import Mapping, Sequence

#: Node box (pixels), gaps, and the widest drawing before components wrap to a new shelf: five
#: layers fit the page's 1200 pixels (the deepest chain of uses in the papers here has five claims).
NODE_W, NODE_H, LAYER_GAP, ROW_GAP, MARGIN, MAX_WIDTH = 186, 30, 60, 10, 12, 1170
#: Characters of a label shown on its node (12 px text in a 186 px box).
LABEL_CHARS = 27
#: Largest graph laid out (claims of one paper plus the claims of other papers they use); a larger
#: report gets its sections without a graph rather than a layout whose cost grows faster than linearly.
MAX_NODES = 400


@dataclass
class Node:
    """A claim of the page, or (``external``) of another paper, whose page is ``page`` (None: not
    in the report's folder)."""

    id: str
    label: str
    status: str
    colour: str
    external: bool = False
    page: str | None = None
    x: float = 0.0  # centre
    y: float = 0.0


@dataclass
class Drawing:
    nodes: list[Node]
    edges: list[tuple[str, str, list[tuple[float, float]]]] = field(default_factory=list)
    width: float = 0.0
    height: float = 0.0
    #: y of the caption above the grid of claims that use none and are used by none (None: no grid)
    grid_top: float | None = None


def _shorten(label: str) -> str:
    label = " ".join(label.split())
    return label if len(label) <= LABEL_CHARS else label[:LABEL_CHARS - 1] + "…"


def _components(ids: Sequence[str], edges: Sequence[tuple[str, str]]) -> list[list[str]]:
    """Connected components of the undirected graph, each in `ids` order, ordered by first member."""
    parent = {i: i for i in ids}

    def root(i: str) -> str:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for a, b in edges:
        parent[root(a)] = root(b)
    groups: dict[str, list[str]] = {}
    for i in ids:
        groups.setdefault(root(i), []).append(i)
    return list(groups.values())


def _layered(members: list[str], edges: list[tuple[str, str]]
             ) -> tuple[dict[str, tuple[float, float]], dict, float, float]:
    """Sugiyama layout of one connected component, left to right: centres, edge routes, width, height."""
    from grandalf.graphs import Edge, Graph, Vertex
    from grandalf.layouts import SugiyamaLayout

    class _View:
        # grandalf lays out top to bottom; its w is our height and its h our width (transposed below)
        w, h, xy = NODE_H, NODE_W, (0.0, 0.0)

    vertex = {m: Vertex(m) for m in members}
    for v in vertex.values():
        v.view = _View()
    links = [Edge(vertex[a], vertex[b]) for a, b in edges]
    for e in links:
        e.view = _Route()
    graph = Graph(list(vertex.values()), links)
    (component,) = graph.C
    layout = SugiyamaLayout(component)
    layout.xspace, layout.yspace = ROW_GAP, LAYER_GAP
    layout.init_all()
    layout.draw()
    centres = {m: (v.view.xy[1], v.view.xy[0]) for m, v in vertex.items()}
    routes = {(e.v[0].data, e.v[1].data): [(y, x) for x, y in e.view.points] for e in links}
    xs = [x for x, _ in centres.values()] + [x for r in routes.values() for x, _ in r]
    ys = [y for _, y in centres.values()] + [y for r in routes.values() for _, y in r]
    left, top = min(xs) - NODE_W / 2, min(ys) - NODE_H / 2
    centres = {m: (x - left, y - top) for m, (x, y) in centres.items()}
    routes = {k: [(x - left, y - top) for x, y in r] for k, r in routes.items()}
    return centres, routes, max(xs) - left + NODE_W / 2, max(ys) - top + NODE_H / 2


class _Route:
    points: list = []

    def setpath(self, points: list) -> None:
        self.points = list(points)


def layout(nodes: Sequence[Node], edges: Sequence[tuple[str, str]]) -> Drawing:
    """Place `nodes` (edges: (used, user) pairs between their ids): layered components packed in
    shelves, then the grid of nodes without edges."""
    ids = [n.id for n in nodes]
    by_id = {n.id: n for n in nodes}
    edges = list(dict.fromkeys((a, b) for a, b in edges if a in by_id and b in by_id and a != b))
    touched = {x for e in edges for x in e}
    drawing = Drawing(list(nodes))
    shelf_x = shelf_y = shelf_h = 0.0
    width = 0.0
    for members in _components([i for i in ids if i in touched], edges):
        mine = [e for e in edges if e[0] in members]
        centres, routes, w, h = _layered(members, mine)
        if shelf_x and shelf_x + w > MAX_WIDTH:
            shelf_x, shelf_y, shelf_h = 0.0, shelf_y + shelf_h + 2 * ROW_GAP, 0.0
        for m, (x, y) in centres.items():
            by_id[m].x, by_id[m].y = MARGIN + shelf_x + x, MARGIN + shelf_y + y
        for (a, b), route in routes.items():
            drawing.edges.append((a, b, [(MARGIN + shelf_x + x, MARGIN + shelf_y + y) for x, y in route]))
        width = max(width, shelf_x + w)
        shelf_x += w + LAYER_GAP
        shelf_h = max(shelf_h, h)
    height = shelf_y + shelf_h
    alone = [i for i in ids if i not in touched]
    if alone:
        columns = max(1, int((max(width, 4 * NODE_W) + ROW_GAP) // (NODE_W + ROW_GAP)))
        top = height + (3 * ROW_GAP if height else 0)
        drawing.grid_top = top + MARGIN
        top += 2 * ROW_GAP + 12
        for k, i in enumerate(alone):
            row, col = divmod(k, columns)
            by_id[i].x = MARGIN + col * (NODE_W + ROW_GAP) + NODE_W / 2
            by_id[i].y = MARGIN + top + row * (NODE_H + ROW_GAP) + NODE_H / 2
        width = max(width, min(len(alone), columns) * (NODE_W + ROW_GAP) - ROW_GAP)
        height = top + ((len(alone) - 1) // columns + 1) * (NODE_H + ROW_GAP) - ROW_GAP
    drawing.width, drawing.height = width + 2 * MARGIN, height + 2 * MARGIN
    return drawing


def _path(points: list[tuple[float, float]]) -> str:
    """From the right side of the used claim to the left side of its user: straight through each
    column the edge crosses (its bend points are grandalf's dummy nodes, one per column, which
    hold the edge's lane there) and a cubic Bézier with horizontal tangents across each gap
    between columns (the look of dot's splines)."""
    (x0, y0), (x1, y1) = points[0], points[-1]
    lanes = [p for x, y in points[1:-1] for p in ((x - NODE_W / 2, y), (x + NODE_W / 2, y))]
    pts = [(x0 + NODE_W / 2, y0), *lanes, (x1 - NODE_W / 2, y1)]
    out = [f"M{pts[0][0]:.1f},{pts[0][1]:.1f}"]
    for k, ((ax, ay), (bx, by)) in enumerate(zip(pts, pts[1:])):
        if k % 2:  # inside a column
            out.append(f"L{bx:.1f},{by:.1f}")
        else:
            dx = (bx - ax) / 2
            out.append(f"C{ax + dx:.1f},{ay:.1f} {bx - dx:.1f},{by:.1f} {bx:.1f},{by:.1f}")
    return " ".join(out)


def svg(drawing: Drawing, status_names: Mapping[str, str]) -> str:
    """The drawing as an ``<svg>`` element (every text escaped); `status_names` gives each status's
    class name suffix, shared with the legend and the filters."""
    w, h = drawing.width, drawing.height
    out = [f'<svg class="graph" xmlns="http://www.w3.org/2000/svg" width="{w:.0f}" height="{h:.0f}" '
           f'viewBox="0 0 {w:.0f} {h:.0f}" role="img" aria-label="dependency graph of the claims">',
           '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" '
           'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#555"/></marker></defs>']
    for a, b, route in drawing.edges:
        out.append(f'<path class="edge" data-from="{escape(a)}" data-to="{escape(b)}" d="{_path(route)}" '
                   'marker-end="url(#arrow)"/>')
    if drawing.grid_top is not None:
        out.append(f'<text class="caption" x="{MARGIN}" y="{drawing.grid_top + 10:.0f}">claims that use no other '
                   'claim of this paper and that none uses</text>')
    for n in drawing.nodes:
        key = "data-external" if n.external else "data-claim"
        title = f"{n.label} — {n.status}" + (f" (in {n.page})" if n.page else "")
        target = f"{n.page}#{n.id}" if n.page else None if n.external else f"#{n.id}"
        x, y = n.x - NODE_W / 2, n.y - NODE_H / 2
        node = (f'<g class="node{" external" if n.external else ""}" {key}="{escape(n.id)}" '
                f'data-status="{escape(n.status)}" data-status-class="{status_names.get(n.status, "none")}">'
                f'<title>{escape(title)}</title>'
                f'<rect x="{x:.1f}" y="{y:.1f}" width="{NODE_W}" height="{NODE_H}" rx="5" fill="{n.colour}"/>'
                f'<text x="{n.x:.1f}" y="{n.y + 4:.1f}">{escape(_shorten(n.label))}</text></g>')
        out.append(f'<a href="{escape(target)}">{node}</a>' if target else node)
    out.append("</svg>")
    return "\n".join(out)
