# SPDX-License-Identifier: Apache-2.0
"""A recording of many objects: the many-objects scenario of several seeds
(20 tags each) with the objects renamed per seed, the first OBJECTS objects
kept, rows merged in time order. The tests' 50-object fixture and
scripts/reports/bench-python write it (the fleets of thousands of objects too)."""
import subprocess
from pathlib import Path


def write_fleet(rangectl, directory, seeds=(11, 12, 13), objects=50, scale=1):
    """Writes DIRECTORY/fleet-OBJECTS.csv from `rangectl generate` and returns its path."""
    directory = Path(directory)
    rows, header = [], None
    for seed in seeds:
        out = directory / f"seed-{seed}"
        subprocess.run([str(rangectl), "generate", "--seed", str(seed), "--only", "many-objects", "--scale", str(scale),
                        "--out", str(out), "--quiet"], check=True, stdout=subprocess.DEVNULL)
        lines = [line for line in (out / "many-objects.csv").read_text().splitlines() if not line.startswith("#")]
        header = lines[0]
        for line in lines[1:]:
            fields = line.split(",")
            fields[1] = f"s{seed}-{fields[1]}"
            rows.append((float(fields[0]), seed, ",".join(fields)))
    names = {}
    for _, _, line in rows:
        names.setdefault(line.split(",")[1], None)
    kept = set(list(names)[:objects])
    rows = [row for row in rows if row[2].split(",")[1] in kept]
    rows.sort(key=lambda row: (row[0], row[1]))
    path = directory / f"fleet-{objects}.csv"
    path.write_text(header + "\n" + "".join(line + "\n" for _, _, line in rows))
    return path


if __name__ == "__main__":
    # fleet.py RANGECTL DIRECTORY [SCALE [OBJECTS]]: more than 60 objects take a seed per 20 (11, 12, ...).
    import sys
    count = int(sys.argv[4]) if len(sys.argv) > 4 else 50
    print(write_fleet(sys.argv[1], sys.argv[2], seeds=tuple(range(11, 11 + max(3, -(-count // 20)))), objects=count,
                      scale=int(sys.argv[3]) if len(sys.argv) > 3 else 1))
