#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Reads the self-play data files that `branan selfplay` writes (format: docs/selfplay.md).

As a program it prints each record as one line of text, the same lines as
`branan selfplay --dump FILE`:

  scripts/read_selfplay.py FILE [--limit N]

As a module (standard library only) it gives the records to a training script:

  from read_selfplay import read_header, records
  header = read_header(path)          # {'board_size', 'bits_per_square', 'rules', 'settings', ...}
  for r in records(path):             # dicts: board (string, one letter a square from a1,
      ...                             # rank-major), side, score, result, ply, game, best, last

A record cut short at the end of the file (an interrupted run) is skipped with a warning on
standard error. Exit status 0 on success, 2 on a file that is not self-play data.
"""

import argparse
import os
import struct
import sys

MAGIC = b"BRSP"
VERSION = 1
PIECE_CODES = ".tTKcCnNmMgG"
OUTCOMES = {1: "attackers", 2: "defenders", 3: "draw"}
FIELDS = struct.Struct("<BBhHIHH")  # flags, result, score, ply, game, best from, best to


class FormatError(Exception):
    """The file is not a self-play data file this reader knows."""


def read_header(path):
    """The header of `path` as a dict, with 'header_bytes' and 'record_bytes' added."""
    with open(path, "rb") as f:
        fixed = f.read(8)
        if len(fixed) < 8 or fixed[:4] != MAGIC:
            raise FormatError(f"{path}: not a self-play data file (no 'BRSP' at its start)")
        version, size, bits = struct.unpack("<HBB", fixed[4:])
        if version != VERSION:
            raise FormatError(f"{path}: format version {version}, this reader reads {VERSION}")
        texts = []
        for _ in range(2):
            raw = f.read(2)
            if len(raw) < 2:
                raise FormatError(f"{path}: the header is cut short")
            (length,) = struct.unpack("<H", raw)
            text = f.read(length)
            if len(text) < length:
                raise FormatError(f"{path}: the header is cut short")
            texts.append(text.decode("utf-8"))
        board_bytes = (size * size * bits + 7) // 8
        return {"board_size": size, "bits_per_square": bits, "rules": texts[0],
                "settings": texts[1], "header_bytes": f.tell(),
                "board_bytes": board_bytes, "record_bytes": board_bytes + FIELDS.size}


def square_name(square, size):
    return chr(ord("a") + square % size) + str(square // size + 1)


def position_record(board, size):
    """The OpenTafl position record of a board string (rank 1 first)."""
    rows = []
    for rank in range(size):
        row, empty = "", 0
        for c in board[rank * size:(rank + 1) * size]:
            if c == ".":
                empty += 1
                continue
            if empty:
                row += str(empty)
            empty = 0
            row += c
        rows.append(row + (str(empty) if empty else ""))
    return "/" + "/".join(rows) + "/"


def decode(header, raw):
    """One record's bytes as a dict."""
    size, bits = header["board_size"], header["bits_per_square"]
    value = int.from_bytes(raw[:header["board_bytes"]], "little")
    mask = (1 << bits) - 1
    board = "".join(PIECE_CODES[(value >> (sq * bits)) & mask] for sq in range(size * size))
    flags, result, score, ply, game, best_from, best_to = FIELDS.unpack_from(
        raw, header["board_bytes"])
    return {"board": board, "side": "defenders" if flags & 1 else "attackers",
            "last": bool(flags & 2), "result": OUTCOMES[result], "score": score, "ply": ply,
            "game": game, "best": square_name(best_from, size) + "-" + square_name(best_to, size)}


def records(path):
    """Yields the records of `path` in order, as dicts (decode)."""
    header = read_header(path)
    each = header["record_bytes"]
    with open(path, "rb") as f:
        f.seek(header["header_bytes"])
        while True:
            raw = f.read(each)
            if not raw:
                return
            if len(raw) < each:
                print(f"read_selfplay.py: warning: {path}: {len(raw)} bytes of a record cut short "
                      "at the end (skipped)", file=sys.stderr)
                return
            yield decode(header, raw)


def text(record, size):
    """The line `branan selfplay --dump` prints for a record."""
    return (f"game {record['game']} ply {record['ply']} side {record['side']} "
            f"score {record['score']} result {record['result']} best {record['best']} "
            f"otn {position_record(record['board'], size)}" + (" end" if record["last"] else ""))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file")
    parser.add_argument("--limit", type=int, default=0, help="print at most N records")
    args = parser.parse_args()
    try:
        header = read_header(args.file)
        shown = 0
        for record in records(args.file):
            if args.limit and shown >= args.limit:
                break
            print(text(record, header["board_size"]))
            shown += 1
    except BrokenPipeError:  # the reader of our output stopped (| head): not an error
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, FormatError) as e:
        print(f"read_selfplay.py: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
