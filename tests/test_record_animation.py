"""Animated diagrams of a record (`pnp diagram REC --format gif|apng`): frame 0 the set-up, then a frame per move
(moves + 1, or --at N + 1), each frame the static diagram `--at N --format png` draws (APNG pixel for pixel, GIF
within its palette's rounding), one size for all (padded in white), a longer last frame, looping forever; the
same bytes every time (and with or without the worker process); the file named and its format chosen as for
svg/pdf/png; a position without a record, too many frames or too many pixels refused with exit 2, nothing written.

All in process, on small boards at a low dpi.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from PIL import Image, ImageChops

from conftest import run_pnp
from pnp.positions import animate
from pnp.writers.frames import FRAME_MS, LAST_MS

DPI = "50"
HEX = {"game": "hex", "board": {"size": 4}, "moves": ["a1", "d4", "b2", "c1", "b3"]}
STAR = {"game": "starstar", "board": {"rings": 2}, "stones": {"red": ["S10"]}, "moves": ["A10", "swap", "R10"]}


def write(folder: Path, data: dict, name: str = "rec") -> Path:
    path = folder / f"{name}.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return path


def frames(path: Path) -> list[tuple[Image.Image, int]]:
    """Every frame of an animation as RGB, with its duration in ms."""
    found = []
    with Image.open(path) as image:
        for index in range(getattr(image, "n_frames", 1)):
            image.seek(index)
            found.append((image.convert("RGB"), round(image.info["duration"])))
        assert image.info.get("loop") == 0   # loops forever
    return found


def static(folder: Path, record: Path, at: int) -> Image.Image:
    out = folder / f"{record.stem}-at-{at}.png"
    done = run_pnp("diagram", str(record), "--at", str(at), "--dpi", DPI, "-o", str(out))
    assert done.returncode == 0, done.stderr
    with Image.open(out) as image:
        return image.convert("RGB")


@pytest.fixture(scope="module")
def made(tmp_path_factory) -> dict[str, Path]:
    """The Hex record as GIF and APNG, and the *Star record (a handicap stone, a swap) as APNG."""
    folder = tmp_path_factory.mktemp("animation")
    hex_record, star_record = write(folder, HEX, "hex"), write(folder, STAR, "star")
    found = {"folder": folder, "hex": hex_record, "star": star_record}
    for name, record, out in (("gif", hex_record, "hex.gif"), ("apng", hex_record, "hex.apng"),
                              ("star.apng", star_record, "star.apng")):
        done = run_pnp("diagram", str(record), "--dpi", DPI, "-o", str(folder / out))
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == str(folder / out)
        found[name] = folder / out
    return found


@pytest.mark.parametrize("kind", ["gif", "apng"])
def test_a_frame_per_move_after_the_set_up_and_a_longer_last(made, kind):
    shown = frames(made[kind])
    assert len(shown) == len(HEX["moves"]) + 1
    assert [ms for _, ms in shown] == [FRAME_MS] * len(HEX["moves"]) + [LAST_MS]
    assert len({image.size for image, _ in shown}) == 1


def test_apng_frames_are_the_static_diagrams_pixel_for_pixel(made):
    """Frame N is `pnp diagram --at N --format png` at the same dpi, padded in white to the tallest."""
    folder, shown = made["folder"], frames(made["apng"])
    pictures = [static(folder, made["hex"], at) for at in range(len(shown))]
    size = (max(p.width for p in pictures), max(p.height for p in pictures))
    assert shown[0][0].size == size
    for (frame, _), picture in zip(shown, pictures):
        assert ImageChops.difference(frame.crop((0, 0, *picture.size)), picture).getbbox() is None
        if picture.height < size[1]:
            assert frame.crop((0, picture.height, *size)).getcolors() == [(size[0] * (size[1] - picture.height),
                                                                          (255, 255, 255))]


def test_gif_frames_are_the_static_diagrams_within_the_palette(made):
    folder, shown = made["folder"], frames(made["gif"])
    for at in (0, 2, len(shown) - 1):
        picture = static(folder, made["hex"], at)
        difference = ImageChops.difference(shown[at][0].crop((0, 0, *picture.size)), picture).convert("L")
        counts = difference.histogram()
        assert sum(level * count for level, count in enumerate(counts)) / sum(counts) < 1.5
        assert counts[0] / sum(counts) > 0.7   # most pixels exact: the flat colours are in the palette


def test_star_set_up_frame_shows_the_handicap_stone_and_the_swap_its_own_frame(made):
    shown = frames(made["star.apng"])
    assert len(shown) == len(STAR["moves"]) + 1
    folder = made["folder"]
    for at in range(len(shown)):
        picture = static(folder, made["star"], at)
        assert ImageChops.difference(shown[at][0].crop((0, 0, *picture.size)), picture).getbbox() is None
    assert ImageChops.difference(shown[1][0], shown[2][0]).getbbox() is not None   # the swap changes the picture


@pytest.mark.parametrize("kind", ["gif", "apng"])
def test_same_bytes_every_time_and_with_the_worker(made, kind, tmp_path, monkeypatch):
    again = tmp_path / f"again.{kind}"
    assert run_pnp("diagram", str(made["hex"]), "--dpi", DPI, "-o", str(again)).returncode == 0
    assert again.read_bytes() == made[kind].read_bytes()
    monkeypatch.setattr(animate, "SHARED_FROM", 2)   # the later frames drawn in the worker process
    shared = tmp_path / f"shared.{kind}"
    assert run_pnp("diagram", str(made["hex"]), "--dpi", DPI, "-o", str(shared)).returncode == 0
    assert shared.read_bytes() == made[kind].read_bytes()


def test_at_and_timing_options(made, tmp_path):
    out = tmp_path / "short.gif"
    done = run_pnp("diagram", str(made["hex"]), "--dpi", DPI, "--at", "2", "--frame-ms", "250", "--last-ms", "1000",
                   "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert [ms for _, ms in frames(out)] == [250, 250, 1000]


def test_apng_names_and_formats(made, tmp_path):
    record = made["hex"]
    assert run_pnp("diagram", str(record), "--dpi", DPI, "-f", "apng", "-o", str(tmp_path / "a.png")).returncode == 0
    assert run_pnp("diagram", str(record), "--dpi", DPI, "-o", str(tmp_path / "still.png")).returncode == 0
    with Image.open(tmp_path / "a.png") as moving, Image.open(tmp_path / "still.png") as still:
        assert moving.n_frames == len(HEX["moves"]) + 1 and not getattr(still, "is_animated", False)
    done = run_pnp("diagram", str(record), "-f", "apng", "--dpi", DPI, cwd=tmp_path)
    assert done.returncode == 0 and done.stdout.strip() == str(Path("output") / "diagrams" / "hex.png")
    done = run_pnp("diagram", str(record), "-f", "apng", "-o", str(tmp_path / "x.gif"))
    assert done.returncode == 2 and "--out " in done.stderr and "is a .gif name but --format is apng" in done.stderr
    assert not (tmp_path / "x.gif").exists()


def test_build_takes_no_animation(tmp_path):
    done = run_pnp("build", "configs/hex-11.yaml", "-f", "gif", "--out", str(tmp_path))
    assert done.returncode == 2 and "gif" in done.stderr
    assert not any(tmp_path.iterdir())


def test_a_position_without_a_record_is_refused(tmp_path):
    plain = write(tmp_path, {"game": "hex", "board": {"size": 4}, "stones": {"red": ["a1"]}}, "plain")
    done = run_pnp("diagram", str(plain), "-o", str(tmp_path / "plain.gif"))
    assert done.returncode == 2
    assert done.stderr.strip() == (f"pnp diagram: {plain}: an animation steps through a record's moves, and this "
                                   "position holds none (no moves); draw it as svg, pdf or png")
    assert not (tmp_path / "plain.gif").exists()


def test_too_many_frames_is_refused_naming_at(made, tmp_path, monkeypatch):
    monkeypatch.setattr(animate, "MAX_FRAMES", 4)
    done = run_pnp("diagram", str(made["hex"]), "-o", str(tmp_path / "long.gif"))
    assert done.returncode == 2
    assert done.stderr.strip() == (f"pnp diagram: {made['hex']}: an animation shows at most 4 frames (the set-up and 3 "
                                   "moves), and the record runs to move 5; give --at 3 or less")
    assert not (tmp_path / "long.gif").exists()
    done = run_pnp("diagram", str(made["hex"]), "--at", "3", "--dpi", DPI, "-o", str(tmp_path / "ok.gif"))
    assert done.returncode == 0, done.stderr


def test_too_much_drawing_is_refused_naming_at(made, tmp_path, monkeypatch):
    """Frames times the last frame's shapes bound the drawing: a long record on a large board, at any dpi."""
    from pnp.positions.read import read_position

    position = read_position(made["hex"])
    shapes = animate._shapes(animate._frame(position, len(HEX["moves"]), 80.0).children)
    monkeypatch.setattr(animate, "SHAPES_PER_ANIMATION", 3 * shapes)
    done = run_pnp("diagram", str(made["hex"]), "--dpi", "36", "-o", str(tmp_path / "busy.gif"))
    assert done.returncode == 2
    assert done.stderr.strip() == (f"pnp diagram: {made['hex']}: 6 frames of up to {shapes:,} shapes each are more "
                                   f"drawing than pnp does for one animation ({3 * shapes:,} shapes); "
                                   "give --at 2 or less")
    assert not (tmp_path / "busy.gif").exists()


def test_too_many_pixels_is_refused_naming_dpi_and_at(made, tmp_path):
    """400 mm wide at 600 dpi: six frames of 73 megapixels, more than an animation holds; at 1200 dpi one frame is
    more than a PNG page may be, so only a lower dpi helps. Refused before any frame is rasterized."""
    out = tmp_path / "huge.apng"
    for dpi, fewer in (("600", " or --at 2 or less"), ("1200", "")):
        done = run_pnp("diagram", str(made["hex"]), "--width-mm", "400", "--dpi", dpi, "-o", str(out))
        assert done.returncode == 2, done.stderr
        line = done.stderr.strip()
        assert line.startswith(f"pnp diagram: {made['hex']}: 6 frames of ") and "megapixels, more than pnp puts" in line
        lower = int(line.split("use --dpi ")[1].split()[0])
        assert 36 <= lower < int(dpi) and line.endswith(f"--dpi {lower} or less{fewer}")
    assert not out.exists()
