#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Trains Branan's learned evaluation (NNUE) on `branan selfplay` data, and evaluates net files.

  train_nnue.py train DATA... --out NET [--width 128 --hidden 32 --epochs 4 --seed 1 ...]
  train_nnue.py eval NET DATA [--limit N]

`train` fits the network of src/nnue/network.h with PyTorch on the CPU: the loss is the mean
squared error between sigmoid(output) and a blend of sigmoid(score / score-scale) and the game's
result (--lambda the score's share), with the integer rounding of the C++ inference simulated in
the forward pass (quantisation-aware: straight-through rounding), and writes the quantised
weights as a net file (format in docs/nnue.md). `eval` prints, one line a record, the score the
net gives the side to move, computed in integer arithmetic exactly as the engine does: the
pipeline test compares it with the C++ inference.

PyTorch comes from Debian's python3-torch (apt-get install python3-torch), which installs for
the system's /usr/bin/python3. docs/nnue.md has the commands that rebuild the shipped nets.
"""

import argparse
import os
import struct
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import read_selfplay  # noqa: E402

MAGIC = b"BRNN"
VERSION = 1
PIECE_TYPES = 3
ACTIVATION_ONE = 127  # network.h kActivationOne
WEIGHT_SHIFT = 6  # network.h kWeightShift: hidden weights 1.0 = 64
WEIGHT_ONE = 1 << WEIGHT_SHIFT
WIDTH_STEP = 16
RESULT_ATTACKERS, RESULT_DEFENDERS, RESULT_DRAW = 1, 2, 3


class NetError(Exception):
    """A net file this script cannot read, or a net it cannot write."""


# --- Data -----------------------------------------------------------------------------------

def load_data(paths, max_positions=0):
    """The records of `paths` as arrays: features (uint8, records x 3n^2), side to move (1 for
    the defenders), score (side to move's view), result (1 won, 0.5 drawn, 0 lost for the side to
    move), game number. All files must be of one board size; special pieces are refused."""
    parts, size = [], None
    for path in paths:
        header = read_selfplay.read_header(path)
        n, bits = header["board_size"], header["bits_per_square"]
        if size is not None and n != size:
            raise read_selfplay.FormatError(f"{path}: {n}x{n} records, the others are {size}x{size}")
        size = n
        each, board_bytes = header["record_bytes"], header["board_bytes"]
        raw = np.fromfile(path, dtype=np.uint8, offset=header["header_bytes"])
        count = len(raw) // each
        if len(raw) % each:
            print(f"train_nnue.py: warning: {path}: a record cut short at the end (skipped)",
                  file=sys.stderr)
        raw = raw[:count * each].reshape(count, each)
        unpacked = np.unpackbits(raw[:, :board_bytes], axis=1, bitorder="little")
        codes = unpacked[:, :n * n * bits].reshape(count, n * n, bits).astype(np.int64)
        codes = (codes * (1 << np.arange(bits))).sum(axis=2)
        if (codes > 3).any():
            raise read_selfplay.FormatError(f"{path}: special pieces; the network knows t, T, K")
        squares = n * n
        features = np.zeros((count, PIECE_TYPES * squares), dtype=np.uint8)
        for piece in range(PIECE_TYPES):
            features[:, piece * squares:(piece + 1) * squares] = codes == piece + 1
        tail = np.ascontiguousarray(raw[:, board_bytes:])
        stm = (tail[:, 0] & 1).astype(np.int64)
        result = tail[:, 1].astype(np.int64)
        score = np.ascontiguousarray(tail[:, 2:4]).view("<i2").reshape(-1).astype(np.float32)
        game = np.ascontiguousarray(tail[:, 6:10]).view("<u4").reshape(-1).astype(np.int64)
        won = np.where(result == RESULT_DRAW, 0.5,
                       np.where((result == RESULT_ATTACKERS) == (stm == 0), 1.0, 0.0))
        parts.append((features, stm, score, won.astype(np.float32), game))
    if size is None:
        raise read_selfplay.FormatError("no data files")
    data = [np.concatenate([p[i] for p in parts]) for i in range(5)]
    if max_positions and len(data[0]) > max_positions:
        data = [d[:max_positions] for d in data]
    return size, data


# --- The net file ---------------------------------------------------------------------------

def fnv1a(data):
    """FNV-1a, 32 bits (network.cpp checksum)."""
    h = 2166136261
    for b in data:
        h = ((h ^ b) * 16777619) & 0xFFFFFFFF
    return h


def write_net(path, net):
    """Writes `net` (a dict of integer numpy arrays and dimensions) as a net file."""
    h, l1 = net["width"], net["hidden"]
    desc = net["description"].encode("utf-8")
    out = bytearray(MAGIC)
    out += struct.pack("<HBBHHHH", VERSION, net["board_size"], PIECE_TYPES, h, l1,
                       net["output_scale"], len(desc))
    out += desc
    out += np.asarray(net["ft_bias"], dtype="<i2").tobytes()
    out += np.asarray(net["ft_weights"], dtype="<i2").tobytes()
    out += np.asarray(net["l1_bias"], dtype="<i4").tobytes()
    out += np.asarray(net["l1_weights"], dtype="i1").tobytes()
    out += struct.pack("<i", int(net["out_bias"]))
    out += np.asarray(net["out_weights"], dtype="i1").tobytes()
    out += struct.pack("<I", fnv1a(out))
    with open(path, "wb") as f:
        f.write(out)


def read_net(path):
    """A net file as the dict write_net takes; NetError names what is wrong."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] != MAGIC:
        raise NetError(f"{path}: not a Branan net file (no 'BRNN' at its start)")
    try:
        version, size, pieces, h, l1, scale, dlen = struct.unpack_from("<HBBHHHH", data, 4)
    except struct.error:
        raise NetError(f"{path}: the header is cut short") from None
    if version != VERSION or pieces != PIECE_TYPES:
        raise NetError(f"{path}: format version {version} with {pieces} piece types, this reads "
                       f"{VERSION} with {PIECE_TYPES}")
    pos = 4 + struct.calcsize("<HBBHHHH")
    desc = data[pos:pos + dlen].decode("utf-8")
    pos += dlen
    features = PIECE_TYPES * size * size

    def take(dtype, count):
        nonlocal pos
        width = np.dtype(dtype).itemsize * count
        if pos + width > len(data):
            raise NetError(f"{path}: the weights are cut short")
        arr = np.frombuffer(data, dtype=dtype, count=count, offset=pos).astype(np.int64)
        pos += width
        return arr

    net = {"board_size": size, "width": h, "hidden": l1, "output_scale": scale,
           "description": desc}
    net["ft_bias"] = take("<i2", 2 * h).reshape(2, h)
    net["ft_weights"] = take("<i2", 2 * features * h).reshape(2, features, h)
    net["l1_bias"] = take("<i4", l1)
    net["l1_weights"] = take("i1", l1 * 2 * h).reshape(l1, 2 * h)
    net["out_bias"] = int(take("<i4", 1)[0])
    net["out_weights"] = take("i1", l1)
    if pos + 4 != len(data):
        raise NetError(f"{path}: {len(data) - pos - 4} bytes more or less than the net needs")
    if struct.unpack_from("<I", data, pos)[0] != fnv1a(data[:pos]):
        raise NetError(f"{path}: checksum mismatch (a damaged file)")
    return net


def integer_forward(net, features, stm):
    """The engine's integer inference (network.cpp evaluate_accumulators) on a batch: the score
    for the side to move in centi-soldiers, as int64."""
    h = net["width"]
    x = features.astype(np.int64)
    acc = [net["ft_bias"][p][None, :] + x @ net["ft_weights"][p] for p in range(2)]
    for a in acc:
        if a.min() < -32768 or a.max() > 32767:
            raise NetError("an accumulator overflows int16 (weights too large for the engine)")
    us = np.where(stm[:, None] == 1, acc[1], acc[0])
    them = np.where(stm[:, None] == 1, acc[0], acc[1])
    inputs = np.clip(np.concatenate([us, them], axis=1), 0, ACTIVATION_ONE)
    assert inputs.shape[1] == 2 * h
    hidden = np.clip((inputs @ net["l1_weights"].T + net["l1_bias"]) >> WEIGHT_SHIFT, 0,
                     ACTIVATION_ONE)
    y = hidden @ net["out_weights"] + net["out_bias"]
    scaled = y * net["output_scale"]
    one = ACTIVATION_ONE * WEIGHT_ONE
    return np.where(scaled >= 0, scaled // one, -((-scaled) // one))  # C++ truncation


# --- The model ------------------------------------------------------------------------------

def make_model(torch, features, width, hidden):
    nn = torch.nn

    def ste_round(x):
        return x + (torch.round(x) - x).detach()

    def ste_floor(x):
        return x + (torch.floor(x) - x).detach()

    def quant(w, scale, lo, hi):
        return ste_round(torch.clamp(w * scale, lo, hi)) / scale

    class Net(nn.Module):
        """The float twin of the engine's network, with its rounding simulated. The feature
        transformer's outputs [0, width) are the attackers' perspective, [width, 2 width) the
        defenders'."""

        def __init__(self):
            super().__init__()
            self.width = width
            self.ft = nn.Linear(features, 2 * width)
            self.l1 = nn.Linear(2 * width, hidden)
            self.out = nn.Linear(hidden, 1)

        def forward(self, x, stm):
            w = quant(self.ft.weight, ACTIVATION_ONE, -255, 255)
            b = quant(self.ft.bias, ACTIVATION_ONE, -4096, 4096)
            acc = x @ w.t() + b
            a, d = acc[:, :self.width], acc[:, self.width:]
            defenders = stm[:, None] == 1
            us, them = torch.where(defenders, d, a), torch.where(defenders, a, d)
            inputs = torch.clamp(torch.cat([us, them], dim=1), 0.0, 1.0)
            one = ACTIVATION_ONE * WEIGHT_ONE
            z = inputs @ quant(self.l1.weight, WEIGHT_ONE, -128, 127).t() + \
                quant(self.l1.bias, one, -2**30, 2**30)
            h = torch.clamp(ste_floor(z * ACTIVATION_ONE), 0, ACTIVATION_ONE) / ACTIVATION_ONE
            y = h @ quant(self.out.weight, WEIGHT_ONE, -128, 127).t() + \
                quant(self.out.bias, one, -2**30, 2**30)
            return y[:, 0]

        def clip_(self):
            """Keeps every weight where the engine's integer types hold it."""
            with torch.no_grad():
                self.ft.weight.clamp_(-255 / ACTIVATION_ONE, 255 / ACTIVATION_ONE)
                self.ft.bias.clamp_(-4096 / ACTIVATION_ONE, 4096 / ACTIVATION_ONE)
                self.l1.weight.clamp_(-128 / WEIGHT_ONE, 127 / WEIGHT_ONE)
                self.out.weight.clamp_(-128 / WEIGHT_ONE, 127 / WEIGHT_ONE)

        def export(self, board_size, output_scale, description):
            one = ACTIVATION_ONE * WEIGHT_ONE

            def q(t, scale, lo, hi):
                return np.clip(np.round(t.detach().numpy().astype(np.float64) * scale), lo,
                               hi).astype(np.int64)

            ft_w = q(self.ft.weight, ACTIVATION_ONE, -255, 255)  # (2H, F)
            ft_b = q(self.ft.bias, ACTIVATION_ONE, -4096, 4096)
            h = self.width
            return {"board_size": board_size, "width": h, "hidden": self.l1.out_features,
                    "output_scale": output_scale, "description": description,
                    "ft_bias": ft_b.reshape(2, h),
                    "ft_weights": np.stack([ft_w[:h].T, ft_w[h:].T]),
                    "l1_bias": q(self.l1.bias, one, -2**30, 2**30),
                    "l1_weights": q(self.l1.weight, WEIGHT_ONE, -128, 127),
                    "out_bias": int(q(self.out.bias, one, -2**30, 2**30)[0]),
                    "out_weights": q(self.out.weight, WEIGHT_ONE, -128, 127)[0]}

    return Net()


def import_torch():
    try:
        import torch
    except ImportError:
        sys.exit("train_nnue.py: PyTorch is missing: apt-get install python3-torch, and run this "
                 "with the Python it installs for (/usr/bin/python3)")
    return torch


def train(args):
    torch = import_torch()
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    rng = np.random.default_rng(args.seed)
    size, (features, stm, score, won, game) = load_data(args.data, args.max_positions)
    if args.width % WIDTH_STEP or not 0 < args.width <= 1024 or not 0 < args.hidden <= 256:
        sys.exit(f"train_nnue.py: --width must be a multiple of {WIDTH_STEP} up to 1024, "
                 "--hidden 1 to 256")
    # Every 20th game is held out to measure the fit.
    held = game % 20 == 19
    train_idx, valid_idx = np.flatnonzero(~held), np.flatnonzero(held)
    if len(valid_idx) == 0:
        valid_idx = train_idx[:max(1, len(train_idx) // 20)]
    print(f"{size}x{size}: {len(train_idx)} training and {len(valid_idx)} held-out positions",
          file=sys.stderr)
    model = make_model(torch, PIECE_TYPES * size * size, args.width, args.hidden)
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    target = args.lam * (1 / (1 + np.exp(-score.astype(np.float64) / args.score_scale))) + \
        (1 - args.lam) * won
    target = target.astype(np.float32)
    ratio = args.output_scale / args.score_scale

    def batch(idx):
        return (torch.from_numpy(features[idx].astype(np.float32)), torch.from_numpy(stm[idx]),
                torch.from_numpy(target[idx]))

    def loss_of(idx):
        x, s, t = batch(idx)
        return torch.mean((torch.sigmoid(model(x, s) * ratio) - t) ** 2)

    def valid_loss():
        with torch.no_grad():
            total = 0.0
            for i in range(0, len(valid_idx), 8192):
                part = valid_idx[i:i + 8192]
                total += float(loss_of(part)) * len(part)
            return total / len(valid_idx)

    steps, started = 0, time.time()
    schedule = [args.lr * (args.lr_decay ** e) for e in range(args.epochs)]
    for epoch, lr in enumerate(schedule):
        for g in opt.param_groups:
            g["lr"] = lr
        order = rng.permutation(train_idx)
        for i in range(0, len(order), args.batch):
            if args.steps and steps >= args.steps:
                break
            loss = loss_of(order[i:i + args.batch])
            opt.zero_grad()
            loss.backward()
            opt.step()
            model.clip_()
            steps += 1
        print(f"epoch {epoch + 1}: steps {steps}, held-out loss {valid_loss():.6f} "
              f"({time.time() - started:.0f} s)", file=sys.stderr)
        if args.steps and steps >= args.steps:
            break
    description = (args.description or
                   f"{size}x{size} width {args.width} hidden {args.hidden} seed {args.seed} "
                   f"positions {len(train_idx)} steps {steps} lambda {args.lam}")
    net = model.export(size, args.output_scale, description)
    write_net(args.out, net)
    # The exported integers against the float model's forward pass on held-out positions.
    part = valid_idx[:2048]
    with torch.no_grad():
        x, s, _ = batch(part)
        floats = model(x, s).numpy().astype(np.float64) * args.output_scale
    ints = integer_forward(net, features[part], stm[part])
    print(f"wrote {args.out}: {description}; integer vs float inference on {len(part)} "
          f"positions: largest difference {np.abs(ints - floats).max():.2f} cs", file=sys.stderr)


def evaluate(args):
    net = read_net(args.net)
    size, (features, stm, _score, _won, _game) = load_data([args.data], args.limit)
    if size != net["board_size"]:
        raise NetError(f"{args.net}: a {net['board_size']}x{net['board_size']} net, the data is "
                       f"{size}x{size}")
    for v in integer_forward(net, features, stm):
        print(int(v))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    t = sub.add_parser("train", help="fit a net to self-play data and write it")
    t.add_argument("data", nargs="+", help="branan selfplay files (one board size)")
    t.add_argument("--out", required=True, help="the net file to write")
    t.add_argument("--width", type=int, default=128, help="accumulator width (default 128)")
    t.add_argument("--hidden", type=int, default=32, help="hidden layer width (default 32)")
    t.add_argument("--epochs", type=int, default=4)
    t.add_argument("--steps", type=int, default=0, help="stop after this many batches (0: no)")
    t.add_argument("--batch", type=int, default=1024)
    t.add_argument("--lr", type=float, default=1e-3)
    t.add_argument("--lr-decay", type=float, default=0.5, help="per epoch")
    t.add_argument("--lambda", dest="lam", type=float, default=0.7,
                   help="the search score's share of the target, the result's the rest")
    t.add_argument("--score-scale", type=float, default=400.0,
                   help="centi-soldiers of a score that sigmoid maps to 73%% (default 400)")
    t.add_argument("--output-scale", type=int, default=400,
                   help="centi-soldiers per 1.0 of the net's output (default 400)")
    t.add_argument("--max-positions", type=int, default=0)
    t.add_argument("--seed", type=int, default=1)
    t.add_argument("--threads", type=int, default=1)
    t.add_argument("--description", default="")
    e = sub.add_parser("eval", help="the net's integer score of each record, one a line")
    e.add_argument("net")
    e.add_argument("data")
    e.add_argument("--limit", type=int, default=0)
    args = parser.parse_args()
    try:
        train(args) if args.command == "train" else evaluate(args)
    except (NetError, read_selfplay.FormatError, OSError) as err:
        print(f"train_nnue.py: {err}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
