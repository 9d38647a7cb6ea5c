"""Drawing maps: SVG, PNG and the terminal summary."""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET

from rich.console import Console

from warp_empires.mapgen.importers import import_map
from warp_empires.mapgen.render import OWNER_COLOURS, save_png, save_svg, to_svg
from warp_empires.mapgen.summary import print_summary

from .conftest import FIXTURES

SVG = "{http://www.w3.org/2000/svg}"


def test_svg_is_xml_with_one_polygon_per_zone(make, dw, tmp_path):
    m = make(zones=40, players=4, seed=7)
    save_svg(m, tmp_path / "m.svg", dw.zone_types)
    root = ET.parse(tmp_path / "m.svg").getroot()
    polygons = root.findall(f".//{SVG}polygon")
    assert len(polygons) == 40
    assert {p.get("id") for p in polygons} == {f"zone-{i}" for i in range(40)}
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert all(z.name in texts for z in m.zones)
    legend = " ".join(t.text for t in root.find(f"{SVG}g[@id='legend']").iter(f"{SVG}text"))
    for zt in dw.zone_types:
        assert zt.name in legend
    assert len(root.find(f"{SVG}g[@id='starts']").findall(f"{SVG}path")) == 4


def test_zone_colours_follow_the_zone_type(make, dw):
    m = make(zones=40, players=4, seed=7)
    root = ET.fromstring(to_svg(m, dw.zone_types))
    fill = {int(p.get("id")[5:]): p.get("fill") for p in root.iter(f"{SVG}polygon")}
    by_type = {}
    for z in m.zones:
        by_type.setdefault(z.type, set()).add(fill[z.id])
    assert all(len(colours) == 1 for colours in by_type.values())
    assert len({next(iter(c)) for c in by_type.values()}) == len(by_type)


def test_owners_and_stacks_are_drawn(make, dw):
    m = make(zones=30, players=2, seed=1)
    a, b = m.starts
    owners = {a: "Daleks", b: "Cybermen", m.neighbours(a)[0]: "Daleks"}
    root = ET.fromstring(to_svg(m, dw.zone_types, owners=owners, stacks={a: "5 units", b: 2}))
    fill = {int(p.get("id")[5:]): p.get("fill") for p in root.iter(f"{SVG}polygon")}
    assert fill[a] == fill[m.neighbours(a)[0]] == OWNER_COLOURS[0]
    assert fill[b] == OWNER_COLOURS[1]
    stacks = [t.text for t in root.find(f"{SVG}g[@id='stacks']").iter(f"{SVG}text")]
    assert stacks == sorted(["5 units", "2"], key=lambda s: [a, b][["5 units", "2"].index(s)])
    legend = [t.text for t in root.find(f"{SVG}g[@id='legend']").iter(f"{SVG}text")]
    assert legend[0] == "Owner" and "Daleks (2)" in legend and "Cybermen (1)" in legend


def test_names_with_markup_characters_are_escaped(dw):
    m = import_map(FIXTURES / "shattered_reaches.map")
    m = type(m)(tuple(z if z.id else type(z)(0, z.code, "Rock & <Roll>", z.type) for z in m.zones), m.edges)
    root = ET.fromstring(to_svg(m))
    assert "Rock & <Roll>" in [t.text for t in root.iter(f"{SVG}text")]


def test_imported_maps_without_shapes_are_drawn_as_dots_and_lines():
    m = import_map(FIXTURES / "shattered_reaches.map")
    root = ET.fromstring(to_svg(m))
    assert len(root.find(f"{SVG}g[@id='zones']").findall(f"{SVG}circle")) == 42
    assert len(root.find(f"{SVG}g[@id='borders']").findall(f"{SVG}line")) == 82


def test_png_is_written_and_is_a_png(make, dw, tmp_path):
    m = make(zones=40, players=4, seed=7)
    save_png(m, tmp_path / "m.png", dw.zone_types, stacks={m.starts[0]: 3})
    data = (tmp_path / "m.png").read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert int.from_bytes(data[16:20], "big") == 1200  # width from the IHDR chunk
    save_png(import_map(FIXTURES / "shattered_reaches.map"), tmp_path / "r.png")
    assert (tmp_path / "r.png").read_bytes()[:4] == b"\x89PNG"


def test_terminal_summary_gives_the_figures(make, dw):
    m = make(zones=40, players=4, seed=7, balanced=True)
    out = io.StringIO()
    print_summary(m, dw.zone_types, Console(file=out, width=120), title="galaxy.json")
    text = out.getvalue()
    assert text.startswith("galaxy.json: 40 zones, ")
    counts = {t: sum(z.type == t for z in m.zones) for t in {z.type for z in m.zones}}
    assert re.search(rf"│ nexus +│ Nexus Point +│ +{counts['nexus']} │", text)
    for s in m.starts:
        assert m.zones[s].name in text
    assert "borders per zone: min " in text and "diameter " in text
    assert "balanced: yes, the spread is within the tolerance" in text


def test_png_labels_every_zone_with_its_code(make, dw, tmp_path, monkeypatch):
    """Players type codes, so the picture shows each zone's code under its name."""
    from matplotlib.axes import Axes

    written: list[str] = []
    real = Axes.text
    monkeypatch.setattr(Axes, "text", lambda self, x, y, s, *a, **k: (written.append(str(s)), real(self, x, y, s, *a, **k))[1])
    m = make(zones=20, players=2, seed=3)
    save_png(m, tmp_path / "m.png", dw.zone_types)
    labels = {(" ".join(text.split("\n")[:-1]), text.split("\n")[-1]) for text in written}  # long names take two lines
    assert {(z.name, z.code) for z in m.zones} <= labels
