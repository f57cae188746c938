#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks what a rendered `rangectl plot` shows, pixel by pixel.

Called by scripts/checks/check-plots with PNGs that headless Chromium rendered from
the SVGs. Python's standard library only: the PNG decoder below handles the
8-bit RGB and RGBA images Chromium writes (PNG specification, W3C 2003,
§9 filters, §11.2.2 IHDR). Expected positions come from the CSV and from
`rangectl replay`'s events, never from the SVG: the time axis maps the first
to the last time onto pixels 72...985 of a single-object plot (170...985 in
an overview), as docs/FORMATS.md §4 states.

    plot_pixels.py run PNG CSV EVENTS.jsonl OBJECT [--dense] [--range-only]
    plot_pixels.py overview PNG CSV EVENTS.jsonl
    plot_pixels.py renderers PNG-A PNG-B

`renderers` compares two renderings of one plot (librsvg's and
ImageMagick's, say): each data series' colour must cover about as many
pixels in both, so that neither leaves a series out.
"""
import bisect
import collections
import json
import struct
import sys
import zlib

ENTER = (0x2C, 0xA0, 0x2C)
EXIT = (0xD6, 0x27, 0x28)
INNER = (0xFF, 0x7F, 0x0E)
OUTER = (0x17, 0xBE, 0xCF)
MEASURED_AZIMUTH = (0x94, 0x67, 0xBD)
PREDICTED_AZIMUTH = (0xF7, 0xB6, 0xD2)


def read_png(path):
    """(width, height, rows): rows[y][x] is an (r, g, b) tuple."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit(f"{path}: not a PNG")
    offset, idat = 8, b""
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or colour not in (2, 6) or interlace != 0:
                sys.exit(f"{path}: only 8-bit RGB or RGBA, not interlaced (depth {depth}, colour {colour})")
        elif kind == b"IDAT":
            idat += body
        offset += 12 + length
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * channels
    previous = bytearray(stride)
    rows = []
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        unfilter(kind, line, previous, channels)
        rows.append([tuple(line[x * channels:x * channels + 3]) for x in range(width)])
        previous = line
    return width, height, rows


def unfilter(kind, line, previous, bpp):
    """Undoes one scanline's filter in place (PNG §9.2)."""
    if kind == 1:
        for i in range(bpp, len(line)):
            line[i] = (line[i] + line[i - bpp]) & 0xFF
    elif kind == 2:
        for i in range(len(line)):
            line[i] = (line[i] + previous[i]) & 0xFF
    elif kind == 3:
        for i in range(len(line)):
            left = line[i - bpp] if i >= bpp else 0
            line[i] = (line[i] + ((left + previous[i]) >> 1)) & 0xFF
    elif kind == 4:
        for i in range(len(line)):
            a = line[i - bpp] if i >= bpp else 0
            b = previous[i]
            c = previous[i - bpp] if i >= bpp else 0
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 0xFF


def near(pixel, colour, tolerance=40):
    return sum(abs(p - c) for p, c in zip(pixel, colour)) <= tolerance


def line_blue(pixel):
    """The filtered line's blue, antialiased: blue well above red and green.
    The sigma band (b - r about 33), the outer zone's cyan (b - g 17) and the
    grey dots (b - r 27) are not."""
    r, g, b = pixel
    return b > r + 50 and b > g + 20


def frame_grey(pixel):
    """The panels' 1-pixel frame (#333333), antialiased over two pixel rows
    into a mid grey: neutral and darker than the grid (#e3e3e3)."""
    return max(pixel) < 200 and max(pixel) - min(pixel) < 10


def count(rows, colour, left, right, top, bottom):
    """Pixels close to `colour` (or for which `colour` is true, when it is a
    function) in the box (edges included, clipped to the image)."""
    top, bottom = max(0, int(top)), min(len(rows) - 1, int(bottom))
    left, right = max(0, int(left)), min(len(rows[0]) - 1, int(right))
    test = colour if callable(colour) else (lambda pixel: near(pixel, colour))
    return sum(1 for y in range(top, bottom + 1) for x in range(left, right + 1) if test(rows[y][x]))


def read_csv(path):
    """The data rows of a ranging CSV as dicts (comments skipped)."""
    lines = [line.rstrip("\r\n") for line in open(path, encoding="utf-8") if not line.startswith("#")]
    header = lines[0].split(",")
    return [dict(zip(header, line.split(","))) for line in lines[1:] if line]


def nearest(sorted_times, t):
    """Distance from `t` to the nearest of `sorted_times`."""
    index = bisect.bisect_left(sorted_times, t)
    return min(abs(sorted_times[i] - t) for i in (index - 1, index) if 0 <= i < len(sorted_times))


def read_events(path):
    return [json.loads(line) for line in open(path, encoding="utf-8") if line.strip()]


failures = []


def expect(condition, message):
    print(("ok    " if condition else "FAIL  ") + message)
    if not condition:
        failures.append(message)


def check_run(png, csv, events_path, obj, dense, range_only):
    # A recording with no direction has no azimuth panel: the distance panel reaches down to 735.
    bottom = 735 if range_only else 480
    _, _, rows = read_png(png)
    times = [float(r["t"]) for r in read_csv(csv) if r["object"] == obj]
    events = [e for e in read_events(events_path) if e["object"] == obj]
    first, last = min(times + [e["t"] for e in events]), max(times + [e["t"] for e in events])
    x_of = lambda t: 72 + (t - first) / (last - first) * (985 - 72)
    # The filtered line is drawn wherever the object was measured: every 4th
    # pixel column with a distance row within 0.3 s of its time. Not all of
    # them: event markers cover the line, and a row alone between breaks
    # (more than 0.5 s from its neighbours) is a point, not a line.
    measured = sorted(float(r["t"]) for r in read_csv(csv) if r["object"] == obj and r.get("distance"))
    t_of = lambda x: first + (x - 72) / (985 - 72) * (last - first)
    sampled = [x for x in range(74, 984, 4) if nearest(measured, t_of(x)) <= 0.3]
    columns = sum(1 for x in sampled if count(rows, line_blue, x, x, 72, bottom) > 0)
    expect(columns >= 0.75 * len(sampled), f"filtered line in {columns} of {len(sampled)} sampled columns with measurements")
    expect(count(rows, INNER, 72, 985, 72, bottom) > 0 or count(rows, (0xFF, 0xE5, 0xCF), 72, 985, 72, bottom) > 0,
           "inner zone colour in the distance panel")
    # Not a solid block: most of the distance panel is still background.
    panel = [rows[y][x] for y in range(80, bottom - 5, 3) for x in range(80, 980, 3)]
    light = sum(1 for p in panel if min(p) >= 200)
    expect(light >= 0.3 * len(panel), f"distance panel {100 * light // len(panel)}% light, not a solid block")
    for event in events:
        colour = ENTER if event["event"] == "enter" else EXIT
        x = x_of(event["t"])
        expect(count(rows, colour, x - 9, x + 9, 72, bottom) > 0,
               f"{event['event']} {event['zone']} at t={event['t']}: marker colour near x={x:.0f}")
    if range_only:
        # The panel's frame: its bottom edge at y = 735 across the plot, and no
        # azimuth panel's top edge at y = 540.
        expect(count(rows, frame_grey, 100, 950, 734, 736) >= 800, "the distance panel's bottom edge at y = 735")
        expect(count(rows, frame_grey, 100, 950, 539, 541) < 100, "no azimuth panel's top edge at y = 540")
    elif not dense:
        expect(count(rows, MEASURED_AZIMUTH, 72, 985, 540, 735) > 0, "measured azimuth colour in the azimuth panel")
        expect(count(rows, PREDICTED_AZIMUTH, 72, 985, 540, 735) > 0, "predicted azimuth colour in the azimuth panel")


def check_overview(png, csv, events_path):
    _, _, rows = read_png(png)
    data = [r for r in read_csv(csv) if r.get("distance")]
    order = []
    for r in data:
        if r["object"] not in order:
            order.append(r["object"])
    first, last = min(float(r["t"]) for r in data), max(float(r["t"]) for r in data)
    x_of = lambda t: 170 + (t - first) / (last - first) * (985 - 170)
    events = read_events(events_path)
    for index, obj in enumerate(order):
        top, bottom = 72 + index * 24, 72 + (index + 1) * 24
        mine = [e for e in events if e["object"] == obj]
        zones = {e["zone"] for e in mine if e["event"] == "enter"}
        for zone, colour in (("outer", OUTER), ("inner", INNER)):
            if zone in zones:
                expect(count(rows, colour, 170, 985, top + 2, bottom - 2) > 0, f"{obj}: {zone} band colour in its row")
        for event in mine[:6]:
            colour = ENTER if event["event"] == "enter" else EXIT
            x = x_of(event["t"])
            expect(count(rows, colour, x - 3, x + 3, top, bottom) > 0,
                   f"{obj}: {event['event']} {event['zone']} at t={event['t']} marked near x={x:.0f}")


def blend(colour, opacity):
    """`colour` at `opacity` over white, as PlotStyle.onWhite blends a band."""
    return tuple(round(c * opacity + 255 * (1 - opacity)) for c in colour)


# What each series is drawn in (Sources/RangingPlots/PlotStyle.swift). The
# true distance is left out (its near-black is the text's, whose antialiasing
# differs between renderers), and so is the predicted azimuth (a few pixels
# of light pink in this plot).
def exactly(colour):
    """A band's fill, inside it: light tints sit close to the white, grid and
    antialiased text around them, so only a few units off count."""
    return lambda pixel: near(pixel, colour, tolerance=9)


def dot_grey(pixel):
    """The dots' blue-grey (#7f8c9a), told from the neutral greys of
    antialiased text by its blue."""
    return near(pixel, (0x7F, 0x8C, 0x9A), tolerance=30) and pixel[2] - pixel[0] >= 18


SERIES = {
    "filtered distance": line_blue,
    "raw distance and measured azimuth dots": dot_grey,
    "sigma band": exactly(blend((0x1F, 0x77, 0xB4), 0.22)),
    "enter markers and labels": ENTER,
    "exit markers and labels": EXIT,
    "inner zone band": exactly(blend(INNER, 0.16)),
    "outer zone band": exactly(blend(OUTER, 0.16)),
    "filtered azimuth": MEASURED_AZIMUTH,
    "direction missing": exactly(blend((0xF2, 0xC1, 0x4E), 0.28)),
}


def check_renderers(first, second):
    """Each series' pixels in `second` within 0.5...2 times those in `first`:
    loose enough for renderers' antialiasing (ImageMagick's dots cover 1.7
    times librsvg's pixels of their exact grey), tight enough to catch a
    series left out (none of its pixels) or a band drawn solid."""
    images = [read_png(first), read_png(second)]
    expect(images[0][:2] == images[1][:2], f"both {images[0][0]} x {images[0][1]}: {images[1][0]} x {images[1][1]}")
    # Each distinct colour tested once, not each pixel: a second, not ten.
    histograms = [collections.Counter(pixel for row in rows for pixel in row) for _, _, rows in images]
    for name, colour in SERIES.items():
        test = colour if callable(colour) else (lambda pixel, colour=colour: near(pixel, colour))
        a, b = (sum(n for pixel, n in histogram.items() if test(pixel)) for histogram in histograms)
        if a < 20 and b < 20:
            print(f"skip  {name}: not in this plot ({a} and {b} pixels)")
            continue
        expect(0.5 * a <= b <= 2 * a, f"{name}: {a} and {b} pixels")


def main():
    if len(sys.argv) >= 6 and sys.argv[1] == "run":
        check_run(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5], "--dense" in sys.argv, "--range-only" in sys.argv)
    elif len(sys.argv) == 5 and sys.argv[1] == "overview":
        check_overview(sys.argv[2], sys.argv[3], sys.argv[4])
    elif len(sys.argv) == 4 and sys.argv[1] == "renderers":
        check_renderers(sys.argv[2], sys.argv[3])
    else:
        sys.exit(__doc__)
    if failures:
        sys.exit(f"{len(failures)} check(s) failed")


if __name__ == "__main__":
    main()
