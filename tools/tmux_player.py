#!/usr/bin/env python3
"""Plays a Darkstar run in a real terminal (tmux) as a user would: it
reads only the screen (capture-pane, with its colours: a sleeper is drawn
dim) and sends keys. It explores with `o`, fights what stands next to it,
lets a monster come a few turns and then goes for it, throws darts at
range, drinks a healing potion when low, rests to full, fetches the items
and the Darkstar it sees, and takes the stairs (`>`, then `<` with the
Darkstar); with a monster in view, where the autopilot will not go, it
walks by hand over the glyphs it sees. A check that a whole run plays in
the terminal (end screen, morgue, scores), not the balance: `darkstar bot`
measures that.

usage (a game of seed 6 in a fresh data folder, then the player):
    tmux new-session -d -s run -x 80 -y 24 "bash --norc"
    tmux send-keys -t run "XDG_DATA_HOME=/tmp/run DARKSTAR_SAVE=/tmp/run/save.replay darkstar play --seed 6" Enter
    python3 tools/tmux_player.py run /tmp/run/keys.log
Started as plain `darkstar`, it meets the title screen and goes on with
the saved run, or starts the new run the title shows.
It stops at the end screen and prints it; the log has a line a key.
"""
import re
import subprocess
import sys
import time
from collections import deque

SESSION = sys.argv[1]
LOG = open(sys.argv[2], "a")
MAX_KEYS = int(sys.argv[3]) if len(sys.argv) > 3 else 20000
MAP_ROWS = 18
PASSABLE = set(".=:,~+'<>$!?([)")
DIRS = {(-1, 0): "h", (1, 0): "l", (0, -1): "k", (0, 1): "j",
        (-1, -1): "y", (1, -1): "u", (-1, 1): "b", (1, 1): "n"}
SGR = re.compile(r"\x1b\[([0-9;]*)m")


def tmux(*args):
    return subprocess.run(["tmux", *args], capture_output=True, text=True).stdout


def capture():
    """Lines of text and, per cell, whether it is dim."""
    raw = tmux("capture-pane", "-t", SESSION, "-p", "-e").split("\n")
    lines, dims = [], []
    for row in raw[:24]:
        text, dim, bold, faint = [], [], False, False
        i = 0
        while i < len(row):
            m = SGR.match(row, i)
            if m:
                codes = [c for c in m.group(1).split(";") if c != ""] or ["0"]
                k = 0
                while k < len(codes):
                    c = codes[k]
                    if c in ("38", "48", "58"):
                        # An extended colour: 5;N or 2;R;G;B, not dim.
                        k += 3 if k + 1 < len(codes) and codes[k + 1] == "5" else 5
                        continue
                    if c == "0":
                        faint = False
                    elif c == "2":
                        faint = True
                    elif c == "22":
                        faint = False
                    k += 1
                i = m.end()
                continue
            text.append(row[i])
            dim.append(faint)
            i += 1
        lines.append("".join(text).ljust(80))
        dims.append(dim + [False] * (80 - len(dim)))
    while len(lines) < 24:
        lines.append(" " * 80)
        dims.append([False] * 80)
    return lines, dims


def settle(limit=30.0):
    """Waits until the screen stops changing (an activity has stopped)."""
    last, same, start = None, 0, time.time()
    while time.time() - start < limit:
        now = tmux("capture-pane", "-t", SESSION, "-p")
        if now == last:
            same += 1
            if same >= 3:
                break
        else:
            same = 0
        last = now
        time.sleep(0.04)
    return capture()


def send(*keys):
    tmux("send-keys", "-t", SESSION, *keys)


def log(*parts):
    LOG.write(" ".join(str(p) for p in parts) + "\n")
    LOG.flush()


class Screen:
    def __init__(self, lines, dims):
        self.lines, self.dims = lines, dims
        self.map = [lines[y] for y in range(MAP_ROWS)]
        self.status = lines[MAP_ROWS]
        rows = [l.rstrip() for l in lines[MAP_ROWS + 2:]]
        last = [i for i, l in enumerate(rows) if re.match(r"^\d+: ", l)]
        # The newest message (the last that starts with its turn) and what
        # it wraps onto.
        self.last = " ".join(rows[last[-1]:]) if last else ""
        self.log = self.last
        self.player = None
        self.monsters = []
        for y, row in enumerate(self.map):
            for x, c in enumerate(row):
                if c == "@":
                    self.player = (x, y)
                elif c.isalpha():
                    self.monsters.append(((x, y), c, dims[y][x]))
        m = re.search(r"HP (\d+)/(\d+)", self.status)
        self.hp, self.max_hp = (int(m.group(1)), int(m.group(2))) if m else (0, 1)
        d = re.search(r"depth (\d+)", self.status)
        self.depth = int(d.group(1)) if d else 0
        self.carried = "$ carried" in self.status

    def at(self, p):
        x, y = p
        if 0 <= y < MAP_ROWS and 0 <= x < 80:
            return self.map[y][x]
        return " "

    def awake(self):
        return [(p, c) for p, c, dim in self.monsters if not dim]

    def bfs(self, goal, avoid_monsters=True):
        """First step toward the nearest cell for which goal(p) holds,
        over passable glyphs, no corner cutting past walls."""
        if self.player is None:
            return None
        occupied = {p for p, _, _ in self.monsters}
        start = self.player
        prev = {start: None}
        q = deque([start])
        while q:
            p = q.popleft()
            if p != start and goal(p):
                while prev[p] != start:
                    p = prev[p]
                return (p[0] - start[0], p[1] - start[1])
            for (dx, dy) in DIRS:
                n = (p[0] + dx, p[1] + dy)
                if n in prev or (self.at(n) not in PASSABLE and not goal(n)):
                    continue
                if avoid_monsters and n in occupied and not goal(n):
                    continue
                if dx and dy and (self.at((p[0] + dx, p[1])) not in PASSABLE
                                  or self.at((p[0], p[1] + dy)) not in PASSABLE):
                    continue
                prev[n] = p
                q.append(n)
        return None

    def frontier(self, p):
        """A known passable cell next to an unknown one."""
        if self.at(p) not in PASSABLE:
            return False
        x, y = p
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                q = (x + dx, y + dy)
                if 0 <= q[1] < MAP_ROWS and 0 <= q[0] < 80 and self.at(q) == " ":
                    return True
        return False


def adjacent(a, b):
    return max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1


def main():
    keys = 0
    waited = 0
    chase = {}
    explored_depth = None
    last_depth = None
    while keys < MAX_KEYS:
        lines, dims = settle()
        text = "\n".join(lines)
        if "D A R K S T A R" in text and "new run" in text:
            # The title screen (plain `darkstar`): go on with the saved run
            # if there is one, else start the new run it shows.
            log("title screen")
            send("c" if "continue:" in text else "n")
            time.sleep(0.5)
            continue
        s = Screen(lines, dims)
        if "q: quit" in text and ("new game" in text or "next seed" in text):
            log("END", keys)
            print("\n".join(lines))
            return
        if "Really quit" in s.status:
            send("Z")
            continue
        if s.player is None:
            # A popup (help, item list, message history): close it.
            log("no player on screen; Z")
            send("Z")
            keys += 1
            time.sleep(0.2)
            if keys % 50 == 0:
                print("\n".join(lines))
            continue
        fresh = s.last != state.get("last_msg")
        state["last_msg"] = s.last
        if fresh and "pick up" in s.last:
            inventory_cache["pack"] = "Healing"
            inventory_cache["darts"] = True
            state["item_steps"] = 0
        if "pack is full" in s.last.lower() or "no room" in s.last.lower():
            state["full"] = True
        if s.depth != last_depth:
            log("DEPTH", s.depth, "HP", s.hp, "keys", keys)
            last_depth = s.depth
            explored_depth = None
            chase.clear()
        key = None
        why = ""
        awake = s.awake()
        near = [(p, c) for p, c in awake if adjacent(p, s.player)]
        # Attackable first: straight, or diagonal past no wall corner (the
        # game forbids the blow as it forbids the step).
        def reach(p):
            dx, dy = p[0] - s.player[0], p[1] - s.player[1]
            if dx == 0 or dy == 0:
                return True
            return all(s.at(q) not in "# " for q in ((s.player[0] + dx, s.player[1]), (s.player[0], s.player[1] + dy)))
        near.sort(key=lambda m: not reach(m[0]))
        hurt = s.hp * 100 < s.max_hp * 45
        if near:
            p, c = near[0]
            d = (p[0] - s.player[0], p[1] - s.player[1])
            if hurt and "Healing" in inventory_cache.get("pack", ""):
                key, why = "U", "heal"
            elif not reach(p):
                key, why = ".", "corner: wait"
            else:
                key, why = DIRS[d], f"attack {c}"
                waited = 0
        elif awake:
            # Let it come, a few turns; then go for the nearest, unless it
            # has been chased long (a fleer): then ignore it.
            target = min(awake, key=lambda m: max(abs(m[0][0] - s.player[0]), abs(m[0][1] - s.player[1])))
            tag = target[1]
            dist = max(abs(target[0][0] - s.player[0]), abs(target[0][1] - s.player[1]))
            if inventory_cache["darts"] and 2 <= dist <= 8:
                key, why = "DART", f"dart at {tag}"
            elif state["override"] > 0:
                state["override"] -= 1
                step = s.bfs(lambda p: p == target[0], avoid_monsters=True)
                key, why = (DIRS[step], f"stall: go for {tag}") if step else (".", "stall: no way")
            elif waited < 3:
                key, why = ".", f"wait for {tag}"
                waited += 1
            elif chase.get(tag, 0) < 25:
                step = s.bfs(lambda p: p == target[0], avoid_monsters=True)
                chase[tag] = chase.get(tag, 0) + 1
                if step:
                    key, why = DIRS[step], f"go for {tag}"
                else:
                    key, why = ".", f"no way to {tag}"
            else:
                key, why = explore_by_hand(s)
        else:
            waited = 0
            sleepers = bool(s.monsters)
            stairs = "<" if s.carried else ">"
            if "Explored all you can reach" in s.last or "No known way" in s.last:
                explored_depth = s.depth
            if "not seen the stairs" in s.last:
                explored_depth = None
            if s.hp < s.max_hp and not sleepers:
                key, why = "R", "rest"
            elif state["under"] == stairs and (s.carried or explored_depth == s.depth):
                key, why = stairs, "take the stairs"
            elif s.carried or explored_depth == s.depth:
                if sleepers:
                    key, why = stairs_by_hand(s, stairs)
                else:
                    key, why = stairs, "travel to stairs"
            elif sleepers:
                key, why = explore_by_hand(s)
            else:
                key, why = "o", "explore"
            # The treasure, or an item, in sight: go and take it by hand.
            if not s.carried and key in ("o", ">") and any("$" in r for r in s.map):
                step = s.bfs(lambda p: s.at(p) == "$")
                if step:
                    key, why = DIRS[step], "to the $"
            elif key in ("o", ">") and not state["full"] and state["items_off"] != s.depth:
                step = s.bfs(lambda p: s.at(p) in "!?([)")
                if step and state["item_steps"] < 60:
                    key, why = DIRS[step], "to an item"
                    state["item_steps"] += 1
                elif step:
                    state["items_off"] = s.depth
            if key == "o" and "Explored all" in s.last:
                key, why = stairs, "explored: stairs"
        if key is None:
            key, why = ".", "nothing to do"
        # Back and forth: waiting for a monster that never comes, exploring
        # away, coming back into its view. Go for it, for a while.
        recent = state["recent"]
        recent.append(why.split(":")[0].split(" for ")[0])
        del recent[:-16]
        if state["override"] == 0 and recent.count("explore") >= 3 and recent.count("wait") >= 6:
            state["override"] = 40
            recent.clear()
            log("STALL: going for it")
        log(f"k{keys} d{s.depth} hp{s.hp}/{s.max_hp} @{s.player} {why}: {key} | {s.last[:60]}")
        # What the player will stand on after a step by hand.
        state["under"] = None
        for d, k in DIRS.items():
            if k == key:
                state["under"] = s.at((s.player[0] + d[0], s.player[1] + d[1]))
        if key == "U":
            use_healing()
        elif key == "DART":
            throw_dart()
        else:
            send(key)
        keys += 1
    log("MAX KEYS")


inventory_cache = {"pack": "Healing", "darts": True}
state = {"under": None, "full": False, "items_off": None, "item_steps": 0, "override": 0, "recent": []}


def choose(key, word):
    """Opens the pack with `key` and picks the first item whose line has
    `word`; False (the list closed) when there is none."""
    send(key)
    time.sleep(0.4)
    lines, _ = capture()
    items, inside = [], False
    for l in lines:
        if "which?" in l:
            inside = True
            continue
        if inside:
            if "└" in l:
                break
            if "│" in l:
                items.append(l.split("│")[1].strip())
    idx = next((i for i, it in enumerate(items) if word in it), None)
    if idx is None:
        send("Z")
        return False
    for _ in range(idx):
        send("j")
    send("Enter")
    return True


def throw_dart():
    if not choose("t", "dart"):
        inventory_cache["darts"] = False
        log("no darts")
        return
    time.sleep(0.3)
    lines, _ = capture()
    if any("throw at" in l for l in lines):
        send("Enter")
        log("threw a dart")
    else:
        send("Escape")


def use_healing():
    if choose("U", "healing"):
        log("drank healing")
    else:
        inventory_cache["pack"] = ""
        log("no healing in pack")


def explore_by_hand(s):
    step = s.bfs(s.frontier)
    if step:
        return DIRS[step], "explore by hand"
    step = s.bfs(lambda p: s.at(p) in "><")
    if step:
        return DIRS[step], "to stairs by hand"
    return ".", "stuck by hand"


def stairs_by_hand(s, key):
    want = key
    step = s.bfs(lambda p: s.at(p) == want)
    if s.at(s.player) == want:
        return key, "on stairs"
    if step:
        return DIRS[step], "stairs by hand"
    return explore_by_hand(s)


if __name__ == "__main__":
    main()
