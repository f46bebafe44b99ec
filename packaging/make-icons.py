#!/usr/bin/env python3
"""Renders assets/icons/leasedesk-N.png from the shapes of assets/icons/leasedesk.svg.

Pure Python (no image libraries needed): a house on a rounded green square, 4x supersampled.
Run from the repository root: python3 packaging/make-icons.py
"""
import struct
import zlib

SIZES = [16, 32, 48, 64, 128, 256, 512]
GREEN, PALE, BLUE, LIGHT_GREEN = (0x1B, 0x5E, 0x20), (0xE8, 0xF5, 0xE9), (0x64, 0xB5, 0xF6), (0x81, 0xC7, 0x84)


def inside_round_rect(x, y):
    x0, y0, x1, y1, r = 16, 16, 496, 496, 96
    if not (x0 <= x <= x1 and y0 <= y <= y1):
        return False
    cx = min(max(x, x0 + r), x1 - r)
    cy = min(max(y, y0 + r), y1 - r)
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r


def inside_roof(x, y):
    # Triangle (256,92) (430,232) (82,232).
    if y > 232 or y < 92:
        return False
    half = (y - 92) / (232 - 92) * 174
    return 256 - half <= x <= 256 + half


def colour(x, y):
    """The colour at (x, y) in the 512 design, or None for transparent."""
    shapes = [
        (lambda: 224 <= x <= 288 and 340 <= y <= 420, GREEN),
        (lambda: 292 <= x <= 356 and 272 <= y <= 336, LIGHT_GREEN),
        (lambda: 156 <= x <= 220 and 272 <= y <= 336, BLUE),
        (lambda: 120 <= x <= 392 and 232 <= y <= 420, PALE),
        (lambda: inside_roof(x, y), PALE),
        (lambda: inside_round_rect(x, y), GREEN),
    ]
    for test, c in shapes:
        if test():
            return c
    return None


def render(size):
    ss = 4
    rows = []
    for py in range(size):
        row = bytearray([0])
        for px in range(size):
            r = g = b = a = 0
            for sy in range(ss):
                for sx in range(ss):
                    x = (px + (sx + 0.5) / ss) * 512 / size
                    y = (py + (sy + 0.5) / ss) * 512 / size
                    c = colour(x, y)
                    if c:
                        r, g, b, a = r + c[0], g + c[1], b + c[2], a + 1
            n = ss * ss
            if a:
                row += bytes([r // a, g // a, b // a, 255 * a // n])
            else:
                row += bytes([0, 0, 0, 0])
        rows.append(bytes(row))
    raw = b"".join(rows)

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


for size in SIZES:
    with open(f"assets/icons/leasedesk-{size}.png", "wb") as f:
        f.write(render(size))
    print(f"assets/icons/leasedesk-{size}.png")


def ico(sizes):
    """A Windows icon holding PNG images (Vista and later read PNG inside .ico)."""
    images = [open(f"assets/icons/leasedesk-{s}.png", "rb").read() for s in sizes]
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = 6 + 16 * len(images)
    entries = b""
    for size, data in zip(sizes, images):
        side = 0 if size >= 256 else size  # 0 means 256
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
    return header + entries + b"".join(images)


with open("assets/icons/leasedesk.ico", "wb") as f:
    f.write(ico([16, 32, 48, 64, 128, 256]))
print("assets/icons/leasedesk.ico")
