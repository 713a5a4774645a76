"""`print.split: pieces` (a kit for digital tabletops): with png among the formats a build also writes
OUT/NAME/split/, each distinct piece or stone alone (RGBA, transparent around it, its printed size at the dpi), the
board (and Starry Night's skies) on white. Small specs, built once in this process at a low dpi (module fixture)."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from conftest import run_pnp, write_spec

DPI = 60
MM_PER_INCH = 25.4
SPLIT = "print: {split: pieces}\n"
STONE_MM, PIECE_MM, MARKER_MM = 10.0, 12.0, 40.0
SPECS = {
    "ast": f"game: asterisk\nname: ast\nboard: {{side: 8}}\npieces: {{size_mm: {PIECE_MM}}}\n"
           f"markers: {{size_mm: {MARKER_MM}}}\noutputs: [board, pieces, markers]\nformats: [png]\n{SPLIT}",
    "hex": f"game: hex\nname: hex\nboard: {{size: 4}}\nstones: {{size_mm: {STONE_MM}}}\noutputs: [board, stones]\n"
           f"formats: [png]\n{SPLIT}",
    "y": f"game: y\nname: y\nboard: {{side: 5}}\nstones: {{size_mm: {STONE_MM}}}\noutputs: [board, stones]\n"
         "formats: [png]\nprint: {split: pieces, bleed_mm: 2}\n",   # the bleed stays on the sheets
    "star": f"game: starstar\nname: star\nboard: {{rings: 3}}\nstones: {{size_mm: {STONE_MM}}}\n"
            "outputs: [board, stones]\nformats: [png]\nprint: {split: pieces, ink: saver}\n",
    "sky": f"game: starry-night\nname: sky\nskies: {{count: 3}}\nformats: [png]\n{SPLIT}",
    "plain": f"game: hex\nname: plain\nboard: {{size: 4}}\noutputs: [board, stones]\nformats: [png]\n",
    "print": f"game: hex\nname: print\nboard: {{size: 4}}\nstones: {{size_mm: {STONE_MM}}}\noutputs: [board, stones]\n"
             f"formats: [svg]\n{SPLIT}",
}
STONES = {"board.png", "stone-red.png", "stone-blue.png"}
PIECE_TYPES = ("dark-hexagon-empty", "dark-circle-asterisk", "dark-circle-empty", "light-hexagon-asterisk",
               "light-hexagon-empty", "light-circle-asterisk")
MARKERS = ("marker-dark-hexagon-asterisk", "marker-light-circle-empty")
EXPECTED = {"ast": {"board.png", *(f"{name}.png" for name in (*PIECE_TYPES, *MARKERS))},
            "hex": STONES, "y": STONES, "star": STONES, "sky": {"sky-1.png", "sky-2.png", "sky-3.png"}}
WHITE = (255, 255, 255)


def pixels(mm: float) -> int:
    return round(mm / MM_PER_INCH * DPI)


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, str]:
    """Every spec above built in one run at DPI; the output folder and the run's stderr."""
    folder = tmp_path_factory.mktemp("split")
    specs = [str(write_spec(folder, text, f"{name}.yaml")) for name, text in SPECS.items()]
    done = run_pnp("build", *specs, "--out", str(folder / "out"), "--dpi", str(DPI), "--jobs", "1", "-q")
    assert done.returncode == 0, done.stderr
    return folder / "out", done.stderr


def split_files(out: Path, name: str) -> dict[str, Path]:
    folder = out / name / "split"
    return {path.name: path for path in folder.iterdir()} if folder.exists() else {}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_kit_splits_into_its_distinct_things(built, name: str) -> None:
    out, _ = built
    assert set(split_files(out, name)) == EXPECTED[name]
    assert (out / name / "board.png").exists() or name == "sky", "the page pictures are written as before"


def piece_sizes() -> dict[tuple[str, str], tuple[int, int]]:
    """(kit, file) -> its pixel size: the piece's printed size at DPI (a pointy hexagon is 2/sqrt(3) as high as wide)."""
    sizes = {(kit, f"stone-{p}.png"): (pixels(STONE_MM),) * 2 for kit in ("hex", "y", "star") for p in ("red", "blue")}
    for name in PIECE_TYPES:
        high = PIECE_MM * (2 / math.sqrt(3) if "hexagon" in name else 1)
        sizes[("ast", f"{name}.png")] = (pixels(PIECE_MM), pixels(high))
    return sizes


@pytest.mark.parametrize("kit, file", sorted(piece_sizes()))
def test_a_piece_is_cut_out_at_its_printed_size(built, kit: str, file: str) -> None:
    """RGBA, nothing at the corners of its box, opaque in the middle, as many pixels as its size at the dpi."""
    image = Image.open(split_files(built[0], kit)[file])
    assert image.mode == "RGBA"
    width, height = piece_sizes()[(kit, file)]
    assert abs(image.width - width) <= 1 and abs(image.height - height) <= 1, image.size
    alpha = image.getchannel("A")
    corners = [(0, 0), (image.width - 1, 0), (0, image.height - 1), (image.width - 1, image.height - 1)]
    assert [alpha.getpixel(c) for c in corners] == [0] * 4
    assert alpha.getpixel((image.width // 2, image.height // 2)) == 255
    assert round(image.info["dpi"][0]) == DPI


def test_a_goal_marker_is_its_face_on_paper(built) -> None:
    """One face of the tent card: as wide as the marker, 0.6 of that high, on white, its icons drawn."""
    for name in MARKERS:
        image = Image.open(split_files(built[0], "ast")[f"{name}.png"]).convert("RGB")
        assert image.size == (pixels(MARKER_MM), pixels(MARKER_MM * 0.6))
        assert image.getpixel((image.width // 2, image.height - 2)) == WHITE
        assert len(image.getcolors(1 << 16)) > 2, "the face is drawn on it"


def inked(image: Image.Image) -> tuple[int, int, int, int] | None:
    """The box of what is drawn on white paper."""
    return ImageChops.difference(image.convert("RGB"), Image.new("RGB", image.size, WHITE)).getbbox()


@pytest.mark.parametrize("name", ["ast", "hex", "y", "star", "sky"])
def test_a_board_is_on_white_with_nothing_at_its_edge(built, name: str) -> None:
    for file, path in split_files(built[0], name).items():
        if file == "board.png" or file.startswith("sky-"):
            image = Image.open(path)
            assert image.mode == "RGB" and round(image.info["dpi"][0]) == DPI
            left, top, right, bottom = inked(image)
            assert min(left, top, image.width - right, image.height - bottom) >= 2, "paper all round"


def colour_box(image: Image.Image, colour: tuple[int, int, int]) -> tuple[tuple[int, int, int, int], int]:
    """The box and the count of the pixels of exactly this colour."""
    exact = ImageChops.difference(image.convert("RGB"), Image.new("RGB", image.size, colour)).convert("L")
    mask = exact.point(lambda v: 255 if v == 0 else 0)
    return mask.getbbox(), mask.histogram()[255]


def test_the_board_is_drawn_at_its_printed_size(built) -> None:
    """The Hex board's cells (their fill colour) cover as much of the split board as of the printed page."""
    out, _ = built
    cell_fill = (0xfb, 0xf6, 0xea)
    (l1, t1, r1, b1), printed = colour_box(Image.open(out / "hex" / "board.png"), cell_fill)
    (l2, t2, r2, b2), alone = colour_box(Image.open(out / "hex" / "split" / "board.png"), cell_fill)
    assert abs((r1 - l1) - (r2 - l2)) <= 1 and abs((b1 - t1) - (b2 - t2)) <= 1
    assert abs(printed - alone) <= printed * 0.01


def test_stones_are_as_printed_with_the_ink_savers_hatching(built) -> None:
    """Blue's stone is a flat colour in full ink, white with hatching inside its rim with the ink saver."""
    def middle_white(kit: str) -> bool:
        image = Image.open(split_files(built[0], kit)["stone-blue.png"]).convert("RGB")
        box = (image.width // 3, image.height // 3, 2 * image.width // 3, 2 * image.height // 3)
        return any(colour == WHITE for _, colour in image.crop(box).getcolors(1 << 16))

    assert middle_white("star") and not middle_white("hex")


def test_no_split_without_the_option_or_without_png(built) -> None:
    """The default (pages) writes no split/; split: pieces without png writes none either, with a warning."""
    out, stderr = built
    assert not (out / "plain" / "split").exists() and not (out / "print" / "split").exists()
    assert re.search(r"print\.yaml: print\.split: warning: pieces makes PNG images, and this build writes svg: "
                     r"add png to formats \(or build with --format png\) for split/", stderr)


def test_same_bytes_and_the_folder_replaced_whole(built, tmp_path, monkeypatch) -> None:
    """--format png splits a spec whose own formats hold none; a second build writes the same bytes, and replaces
    split/ whole (a file left in it goes), while the user's own file beside it stays; so does a third where the
    folders cannot be exchanged in one step (files renamed in one by one)."""
    from pnp.writers import renames

    out, _ = built
    spec = write_spec(tmp_path, SPECS["print"], "print.yaml")
    again = tmp_path / "out"

    def build() -> None:
        done = run_pnp("build", str(spec), "--out", str(again), "--dpi", str(DPI), "-f", "png", "-q")
        assert done.returncode == 0, done.stderr

    build()
    first = {name: path.read_bytes() for name, path in split_files(again, "print").items()}
    assert set(first) == STONES
    assert first == {name: path.read_bytes() for name, path in split_files(out, "hex").items()}, "same as hex 4"
    (again / "print" / "mine.txt").write_text("kept")
    for exchange in (renames._RENAMEAT2, None):
        monkeypatch.setattr(renames, "_RENAMEAT2", exchange)
        (again / "print" / "split" / "old.png").write_bytes(b"stale")
        build()
        assert {name: path.read_bytes() for name, path in split_files(again, "print").items()} == first
        assert (again / "print" / "mine.txt").read_text() == "kept"


def test_an_image_too_large_for_the_dpi_is_refused(tmp_path) -> None:
    """A board tiled over pages, split at a dpi that would take more pixels than pnp draws: exit 2, nothing written."""
    spec = write_spec(tmp_path, "game: hex\nname: huge\nboard: {size: 11, cell_mm: 40}\noutputs: [board]\n"
                                f"formats: [png]\n{SPLIT}", "huge.yaml")
    done = run_pnp("build", str(spec), "--out", str(tmp_path / "out"), "--dpi", "1200")
    assert done.returncode == 2
    assert re.fullmatch(r"pnp: --dpi 1200: split/board\.png of \S+huge\.yaml \(print\.split: pieces\) would be "
                        r"\d+ x \d+ pixels .*; use --dpi \d+ or less\n", done.stderr), done.stderr
    assert not (tmp_path / "out" / "huge").exists()
