# SPDX-License-Identifier: Apache-2.0
"""rangectl's messages in Python's terms: the keywords a caller of replay()
or read_csv() writes, not the command-line flags the Swift reader and replay
print (`angle_unit="deg"`, not `--angle-unit deg`).

The messages come from the Swift side (the same checks and hints as
`rangectl replay`), so they are translated here, at the boundary, and in one
place: TABLE holds the phrases that have no word-for-word translation, and
every other `--option [value]` becomes its keyword by the rule the keywords
follow the other way (`short_gate=6` is `--short-gate 6`, _file_replay.command_line).
"""
import re

# Phrases of the Swift side that speak of the command line or of rangectl itself, in Python's terms; applied
# first, in order.
TABLE = [
    ("this rangectl was built without the GSL trait (swift build --disable-default-traits); use --backend swift, "
     "or build with the default traits",
     'this package was built without GSL; use backend="swift", or install it with RANGINGENGINE_WITH_GSL=1 '
     "(python/README.md)"),
    ("standard output is not an output of a replay reached from C", "give a file's path"),
    ("Unknown option '", "unknown keyword '"),
]

# rangectl's options whose keyword is not their name with '_' for '-' (the replay's own keywords).
KEYWORDS = {"events": "events_path", "filtered": "filtered_path", "write-filtered": "filtered",
            "state-records": "filtered"}

# The values an option's hint may give, by option: a word that is not one of them is prose after the option
# ("--capacity must be in ..."), not its value.
_CHOICES = {
    "time-unit": {"s", "ms", "us", "ns"},
    "distance-unit": {"m", "cm", "mm"},
    "angle-unit": {"deg", "rad"},
    "preset": {"android", "qorvo"},
    "backend": {"gsl", "swift"},
    "direction": {"on", "off"},
    "measured-noise": {"on", "off"},
    "gating": {"evidence", "always"},
    "suspension": {"exit", "hold"},
    "hampel-side": {"above", "both"},
}
# Options whose value in a hint is name=value (a dict keyword, or zones' text).
_PAIRS = {"column", "object-calibration"}
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
# An option, and the shell word after it when there is one: 'quoted' (a quote inside as '\'') or bare.
# A bare word ends before the punctuation that ends a clause ("--distance-unit cm;", "(--column distance=x)").
_OPTION = re.compile(r"(?<![\w-])--([a-z][a-z0-9-]*)(?: ('(?:[^']|'\\'')*'|(?!--)[^\s']+?(?=[).;:,]*(?:\s|$))))?")
# argument-parser's "'--angle-unit <unit>'" names the option with its value's placeholder.
_PLACEHOLDER = re.compile(r"'--([a-z][a-z0-9-]*) <[^>]*>'")


def keyword(option: str) -> str:
    """The keyword of rangectl's option `option` (without its dashes)."""
    return KEYWORDS.get(option, option.replace("-", "_"))


def _unquoted(word: str) -> str:
    """A shell word as the command receives it ('t=Time [ms]' -> t=Time [ms])."""
    if word.startswith("'") and word.endswith("'") and len(word) >= 2:
        return word[1:-1].replace("'\\''", "'")
    return word


def _value(option: str, word):
    """The Python value of `word` after `--option`, or None when the word is not its value."""
    if word is None:
        return None
    text = _unquoted(word)
    if option in _PAIRS:
        return text if "=" in text.strip("=") else None
    if option in _CHOICES:
        return text if text in _CHOICES[option] else None
    if option == "zones":
        return text if "=" in text else None
    return text if _NUMBER.fullmatch(text) else None


def _python_value(option: str, text: str) -> str:
    if option not in _CHOICES and option != "zones" and _NUMBER.fullmatch(text):
        return text
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _render(run) -> str:
    """A run of (option, value) pairs as keyword arguments: every --column in one dict, in the hint's order."""
    parts, dicts = [], {}
    for option, value in run:
        name = keyword(option)
        if option in _PAIRS:
            key, _, item = value.partition("=")
            if name not in dicts:
                dicts[name] = []
                parts.append(name)
            dicts[name].append(f"{_python_value('', key)}: {_python_value('column', item)}")
        else:
            parts.append(f"{name}={_python_value(option, value)}")
    return ", ".join(f"{part}={{{', '.join(dicts[part])}}}" if part in dicts else part for part in parts)


def python_terms(message: str) -> str:
    """`message` (rangectl's words) with every option in Python's terms."""
    for phrase, replacement in TABLE:
        message = message.replace(phrase, replacement)
    message = _PLACEHOLDER.sub(lambda match: f"'{keyword(match.group(1))}'", message)
    out, position = [], 0
    matches = list(_OPTION.finditer(message))
    index = 0
    while index < len(matches):
        match = matches[index]
        option, value = match.group(1), _value(match.group(1), match.group(2))
        if value is None:
            # The option alone (prose, or a value that is not one): its keyword, and the word after it unchanged.
            out.append(message[position:match.start()] + keyword(option))
            position = match.start() + 2 + len(option)
            index += 1
            continue
        # A run of options with values, each separated from the next by one space: one call's keywords.
        run, end = [(option, value)], match.end()
        index += 1
        while index < len(matches) and matches[index].start() == end + 1 and message[end] == " ":
            following = matches[index]
            following_value = _value(following.group(1), following.group(2))
            if following_value is None:
                break
            run.append((following.group(1), following_value))
            end = following.end()
            index += 1
        out.append(message[position:match.start()] + _render(run))
        position = end
    out.append(message[position:])
    return "".join(out)
