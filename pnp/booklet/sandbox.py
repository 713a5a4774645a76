"""The sandbox a template renders in: it runs no code, reads no file, and does bounded work.

Jinja2's ImmutableSandboxedEnvironment refuses attributes that start with `_` (so no `__globals__`, `__class__`
or `__subclasses__`), unsafe callables and changes to lists and dicts. On top of it:

- The only global is `range`, at most MAX_RANGE numbers; the variables are those pnp passes (the game's booklet
  variables, or `title`). `lipsum`, `cycler`, `joiner`, `namespace` and `dict` are gone, and so are the filters
  a Markdown booklet has no use for and that could only cost: `random` (a booklet builds to the same bytes every
  time), `pprint`, `wordwrap`, `urlize`, `xmlattr`, `tojson`.
- `include`, `import` and `extends` are refused when the template is parsed, naming their line; there is no
  loader either, so a template reads no other file.
- Work is counted in one budget per rendering, MAX_WORK steps, not only by a cap on range(): loops each under
  the cap still multiply (range(9999) inside range(9999) is 10^8 turns), and a macro can call itself in a tree.
  The parse tree is rewritten before it is compiled (_Countable, Jinja's public node API, no copy of its code
  generator): each `for` iterable passes through a counting iterator (so does the argument of a recursive
  `loop(...)`), each body that may run many times (a loop's, a macro's, a call block's, a block's) starts by
  paying for the expressions in it, and a comparison pays for what it compares (`in` reads a whole list). While
  rendering, every call, filter, test, operator, `~`, slice and printed value pays for the characters and items
  it reads and makes; what can make much from little (`'a' * n`, `n ** m`, widths and paddings, `join`,
  `replace`, `{% set %}` blocks) is measured before it runs, so nothing large is ever made. A count, unlike a
  timer, depends only on the template and its variables: a template is refused the same way, at the same line,
  on any machine.
- Constant folding at compile time is off (optimized=False), so all the work happens, and is counted, while
  rendering, where every error has its line.
"""

from __future__ import annotations

import inspect
import math
import re
from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache, wraps
from string import Formatter
from typing import Any

import jinja2
from jinja2 import nodes, pass_eval_context
from jinja2.filters import make_attrgetter
from jinja2.nodes import EvalContext
from jinja2.runtime import Context, LoopContext, markup_join, str_join
from jinja2.sandbox import ImmutableSandboxedEnvironment
from jinja2.visitor import NodeTransformer

from pnp.booklet.limits import (
    MAX_FORMAT_WIDTH, MAX_NESTING, MAX_NUMBER_DIGITS, MAX_RANGE, MAX_TOKENS, MAX_WORK, amount, work_limit,
)

DROPPED_FILTERS = frozenset({"random", "pprint", "wordwrap", "urlize", "xmlattr", "tojson"})
SEQUENCES = (str, bytes, list, tuple)
PADDING = frozenset({"center", "ljust", "rjust", "zfill"})   # str and bytes methods that pad to a width
NOT_FILES = {nodes.Include: ("include", "include"), nodes.Import: ("import", "import"),
             nodes.FromImport: ("import from", "from"), nodes.Extends: ("extend", "extends")}   # verb, tag
PERCENT = re.compile(r"%(?:\([^)]*\))?[#0\- +]*(\*|\d+)?(?:\.(\*|\d+))?")
BITS_PER_DIGIT = 3   # a little less than log2(10): a whole number's size, roughly, in digits
# Hidden filters the parse step puts in: a for loop's iterable, `~`, a `{% set %}` block's text, what a comparison
# compares (`in` and `==` read all of a list), and at the top of every body that may run many times (a loop's, a
# macro's, a call block's, a block's) the price of running it.
TURNS, CONCAT, BLOCK, SPEND, READ = "pnp.turns", "pnp.concat", "pnp.block", "pnp.spend", "pnp.read"
REPEATED = (nodes.For, nodes.Macro, nodes.CallBlock, nodes.Block)
OPENING, CLOSING = frozenset("([{"), frozenset(")]}")
TAG_ENDS = frozenset({"variable_end", "block_end", "data"})   # a tag's token count starts again after these


Check = Callable[["Work", dict[str, Any], str], None]   # a filter's arguments checked before it runs


class Refused(Exception):
    """A template went past a bound of limits.py (the message states it); `line` when known before rendering."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.line = line


def size(value: Any) -> int:
    """Characters and items of a value, nested ones included (a list of one long text 1,000 times over is
    1,000 long texts: as long as it is when printed), counted until past MAX_WORK; digits of whole numbers,
    roughly; 0 for a generator or anything else."""
    total, stack = 0, [value]
    while stack and total <= MAX_WORK:
        item = stack.pop()
        if isinstance(item, (str, bytes, range)):
            total += len(item)
        elif isinstance(item, int):
            total += item.bit_length() // BITS_PER_DIGIT
        elif isinstance(item, dict):
            total += len(item)
            stack += [*item.keys(), *item.values()]
        elif isinstance(item, (list, tuple, set, frozenset)):
            total += len(item)
            stack += item
    return total


def digits(number: int) -> float:
    """About how many digits a whole number has."""
    return math.log10(abs(number)) + 1 if number else 1.0


class Work:
    """The steps one rendering has spent, against MAX_WORK."""

    def __init__(self) -> None:
        self.spent = 0

    def spend(self, steps: int) -> None:
        self.spent += steps
        if self.spent > MAX_WORK:
            raise Refused(work_limit())

    def afford(self, steps: int, what: str) -> None:
        """Refuse before making something of `steps` characters or items that the budget cannot pay for."""
        if self.spent + steps > MAX_WORK:
            raise Refused(work_limit(f"{what} would make {amount(steps)} characters or items"))


class BookletSandbox(ImmutableSandboxedEnvironment):
    """One rendering's environment: sandboxed, strict, nothing global but a bounded range, all work counted."""

    intercepted_binops = frozenset({"+", "-", "*", "/", "//", "%", "**"})

    def __init__(self) -> None:
        super().__init__(undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                         keep_trailing_newline=True, autoescape=False, optimized=False, finalize=self._printed)
        self.work = Work()
        self.globals = {"range": bounded_range}
        self.filters = {name: self._guarded(f"the filter {name}", f, FILTER_CHECKS.get(name))
                        for name, f in self.filters.items() if name not in DROPPED_FILTERS}
        self.filters.update({TURNS: self._turns, CONCAT: self._concat, BLOCK: self._block, SPEND: self._spend, READ: self._read})
        self.tests = {name: self._guarded(f"the test {name}", test, None) for name, test in self.tests.items()}

    def template(self, source: str) -> jinja2.Template:
        """`source` read as far as MAX_TOKENS, parsed, checked for other files, with its work made countable, and
        compiled (reading and compiling cost as the template grows: Jinja takes some 20 s over 1 MB of tags)."""
        largest = _read_tokens(self, source)
        try:
            tree = self.parse(source)
            for kind, (verb, tag) in NOT_FILES.items():
                for node in tree.find_all(kind):
                    raise Refused(f"a template cannot {verb} another file ({{% {tag} %}}); put the text in this "
                                  "template", node.lineno)
            return self.from_string(_Countable().visit(tree))
        except RecursionError:   # a chain of thousands of `+`, filters or attributes, read into a deep tree
            raise Refused("this tag is too long a chain of operators, filters or attributes for Jinja to read; "
                          "split it into several", largest) from None

    # --- loops, calls, operators ----------------------------------------------------------------------------

    def _turns(self, iterable: Iterable[Any], steps: int = 1) -> Iterator[Any]:
        """A loop's iterable, `steps` a turn (its test's price; the body pays at its top). Written out: this runs
        for every turn of every loop."""
        work = self.work
        for item in iterable:
            work.spent += steps
            if work.spent > MAX_WORK:
                raise Refused(work_limit())
            yield item

    def _spend(self, value: Any, steps: int) -> Any:
        self.work.spend(steps)
        return value

    def _read(self, value: Any) -> Any:
        self.work.spend(size(value))
        return value

    @pass_eval_context   # (unused: it keeps Jinja from calling this while compiling, outside the budget)
    def _printed(self, eval_ctx: EvalContext, value: Any) -> Any:
        """Every `{{ ... }}` printed, in the text or into a macro's or block's: paid for by its size (measured
        without printing it)."""
        self.work.spend(1 + size(value))
        return value

    def call(self, context: Context, obj: Any, /, *args: Any, **kwargs: Any) -> Any:
        if isinstance(obj, LoopContext) and args:   # a recursive loop's loop(children): its turns count too
            args = (self._turns(args[0]), *args[1:])
        what = f"{getattr(obj, '__name__', None) or getattr(obj, 'name', None) or 'this call'}()"
        self.work.spend(1 + sum(map(size, args)) + sum(map(size, kwargs.values())))
        args = _method_checked(self.work, obj, args, kwargs, what)
        return self._made(super().call(context, obj, *args, **kwargs), what)

    def call_binop(self, context: Context, operator: str, left: Any, right: Any) -> Any:
        what = f"'{operator}'"
        if operator == "*":
            _check_product(self.work, left, right, what)
        elif operator == "**":
            _check_power(left, right)
        elif operator == "%" and isinstance(left, (str, bytes)):
            _check_percent(left)
        self.work.spend(1 + size(left) + size(right))
        return self._made(super().call_binop(context, operator, left, right), what)

    def getattr(self, obj: Any, attribute: str) -> Any:
        if isinstance(obj, jinja2.Undefined):   # `missing.__init__` is still `missing`: named as undefined
            return obj
        return super().getattr(obj, attribute)

    def getitem(self, obj: Any, argument: Any) -> Any:
        if isinstance(obj, jinja2.Undefined):
            return obj
        found = super().getitem(obj, argument)
        if isinstance(argument, slice):
            self.work.spend(size(found))
        return found

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        wrapped = super().wrap_str_format(value)
        if wrapped is not None:
            _check_braces(value.__self__)
        return wrapped

    def _made(self, result: Any, what: str) -> Any:
        """`result`, paid for by its size; a whole number of more than MAX_NUMBER_DIGITS is refused."""
        if isinstance(result, int) and digits(result) > MAX_NUMBER_DIGITS:
            raise Refused(_digits_message(what, digits(result)))
        self.work.spend(size(result))
        return result

    # --- filters ------------------------------------------------------------------------------------------

    def _guarded(self, what: str, func: Callable[..., Any], check: Check | None) -> Callable[..., Any]:
        """A filter or test counted: a step, what it reads and makes; `check` first, for a filter that can make
        much from little (FILTER_CHECKS)."""
        signature = inspect.signature(func) if check else None
        hidden = _hidden_arguments(func)

        @wraps(func)
        def guarded(*args: Any, **kwargs: Any) -> Any:
            if signature is not None and check is not None:
                bound = signature.bind(*args[hidden:], **kwargs)
                bound.apply_defaults()
                check(self.work, bound.arguments, what)
                args, kwargs = (*args[:hidden], *bound.args), bound.kwargs
            self.work.spend(1 + sum(map(size, args)) + sum(map(size, kwargs.values())))
            return self._made(func(*args, **kwargs), what)

        return guarded

    @pass_eval_context
    def _concat(self, eval_ctx: EvalContext, parts: list[Any]) -> str:
        """`a ~ b`, as Jinja joins it, paid for by its length."""
        texts = [str(part) for part in parts]
        self.work.spend(sum(map(len, texts)))
        return markup_join(parts) if eval_ctx.autoescape else str_join(texts)

    def _block(self, text: str) -> str:
        return self._made(text, "this {% set %} block")


def _hidden_arguments(func: Callable[..., Any]) -> int:
    """How many arguments Jinja passes a filter before those its signature shows: 1 for a filter written as a sync
    and an async variant of a plain function (`slice`), which Jinja calls with the evaluation context first and
    which drops it before calling the function that `inspect.signature` reads; else 0."""
    inner = getattr(func, "__wrapped__", None)
    plain = inner is not None and getattr(inner, "jinja_pass_arg", None) is None
    return int(bool(getattr(func, "jinja_async_variant", False)) and plain)


@lru_cache(maxsize=8)
def compiled(source: str) -> jinja2.Template:
    """`source` compiled in a sandbox of its own, kept: a build renders the same template for kit after kit, and
    compiling costs more than rendering. Each rendering starts with a fresh count (`fresh`)."""
    return BookletSandbox().template(source)


def fresh(template: jinja2.Template) -> jinja2.Template:
    """The compiled template with its work count back at zero, to render once."""
    template.environment.work = Work()   # type: ignore[attr-defined]
    return template


def _read_tokens(env: jinja2.Environment, source: str) -> int | None:
    """Refuse a template of more than MAX_TOKENS tokens, or brackets nested deeper than MAX_NESTING, at the line
    where it goes past, reading no further; the line of its largest tag."""
    count = depth = in_tag = most = 0
    largest = None
    for line, kind, value in env.lex(source):
        if kind == "whitespace":
            continue
        count += 1
        if count > MAX_TOKENS:
            raise Refused(f"the template has more than {MAX_TOKENS:,} tokens (each word, number and sign in a tag, and "
                          "each text between tags, is one); shorten it", line)
        if kind == "operator":
            depth += (value in OPENING) - (value in CLOSING and depth > 0)
        if depth > MAX_NESTING:
            raise Refused(f"brackets nest at most {MAX_NESTING} deep in a template; simplify this tag", line)
        in_tag = 0 if kind in TAG_ENDS else in_tag + 1
        if in_tag > most:
            most, largest = in_tag, line
    return largest


def bounded_range(*args: int) -> range:
    """The templates' range(): at most MAX_RANGE numbers."""
    numbers = range(*args)
    count = max(0, (numbers.stop - numbers.start + numbers.step - (1 if numbers.step > 0 else -1)) // numbers.step)
    if count > MAX_RANGE:   # (len() itself fails past a machine integer)
        raise Refused(f"range() gives at most {MAX_RANGE:,} numbers; this one would give {amount(count)}")
    return numbers


bounded_range.__name__ = "range"   # as messages name it


def weight(parts: Iterable[nodes.Node | None]) -> int:
    """The nodes Jinja runs when `parts` run once: every statement and expression, but not the bodies of
    loops, macros, call blocks and blocks, which pay for themselves each time they run."""
    total, stack = 0, [p for p in parts if p is not None]
    while stack:
        node = stack.pop()
        total += 1
        stack += node.iter_child_nodes(exclude=("body",) if isinstance(node, REPEATED) else None)
    return total


def _filtered(node: nodes.Expr, name: str, *args: Any) -> nodes.Filter:
    return nodes.Filter(node, name, [nodes.Const(a) for a in args], [], None, None, lineno=node.lineno)


class _Countable(NodeTransformer):
    """The parse tree with its hidden work made countable: each loop turn pays through TURNS, each run of a
    body through a SPEND at its top (its weight), `~` through CONCAT, the text of a `{% set %}` block through
    BLOCK."""

    def generic_visit(self, node: nodes.Node, *args: Any, **kwargs: Any) -> nodes.Node:
        node = super().generic_visit(node, *args, **kwargs)
        if isinstance(node, REPEATED):
            price = nodes.Output([_filtered(nodes.Const("", lineno=node.lineno), SPEND, weight(node.body))], lineno=node.lineno)
            node.body.insert(0, price)
        return node

    def visit_For(self, node: nodes.For) -> nodes.Node:
        node = self.generic_visit(node)
        node.iter = _filtered(node.iter, TURNS, 1 + weight([node.test]))
        return node

    def visit_Compare(self, node: nodes.Compare) -> nodes.Node:
        self.generic_visit(node)
        node.expr = _filtered(node.expr, READ)
        for operand in node.ops:
            operand.expr = _filtered(operand.expr, READ)
        return node

    def visit_Concat(self, node: nodes.Concat) -> nodes.Node:
        self.generic_visit(node)
        return nodes.Filter(nodes.List(node.nodes, lineno=node.lineno), CONCAT, [], [], None, None, lineno=node.lineno)

    def visit_AssignBlock(self, node: nodes.AssignBlock) -> nodes.Node:
        self.generic_visit(node)
        if node.filter is None:   # a block with its own filter pays through that filter
            node.filter = nodes.Filter(None, BLOCK, [], [], None, None, lineno=node.lineno)
        return node


# --- checks before something is made ------------------------------------------------------------------------

def _width(value: Any, what: str) -> None:
    """A width, a padding or a precision: at most MAX_FORMAT_WIDTH."""
    width = len(value) if isinstance(value, str) else value
    if isinstance(width, int) and width > MAX_FORMAT_WIDTH:
        raise Refused(f"{what} was given a width of {amount(width)}; a width in a template is at most {MAX_FORMAT_WIDTH:,}")


def _digits_message(what: str, digits: float) -> str:
    return f"{what} would make a number of {amount(digits)} digits; a template's numbers have at most {MAX_NUMBER_DIGITS:,}"


def _check_product(work: Work, left: Any, right: Any, what: str) -> None:
    for seq, times in ((left, right), (right, left)):
        if isinstance(seq, SEQUENCES) and isinstance(times, int):
            work.afford(len(seq) * max(times, 0), what)
    if isinstance(left, int) and isinstance(right, int) and digits(left) + digits(right) - 1 > MAX_NUMBER_DIGITS:
        raise Refused(_digits_message(what, digits(left) + digits(right) - 1))


def _check_power(base: Any, exponent: Any) -> None:
    if isinstance(base, int) and isinstance(exponent, int) and exponent > 0 and abs(base) > 1:
        made = exponent * math.log10(abs(base)) + 1
        if made > MAX_NUMBER_DIGITS:
            raise Refused(_digits_message("'**'", made))


def _check_percent(fmt: str | bytes) -> None:
    """`%` formats: every width and precision a number, at most MAX_FORMAT_WIDTH."""
    text = fmt.decode("latin-1") if isinstance(fmt, bytes) else fmt
    for found in PERCENT.finditer(text):
        for number in found.groups():
            if number == "*":
                raise Refused("a `*` width in a % format is not allowed; write the width as a number")
            if number:
                _width(int(number), "a % format")


def _check_braces(fmt: str) -> None:
    """`str.format`: every width and precision a number, at most MAX_FORMAT_WIDTH, none taken from an argument."""
    for _, field, spec, _ in Formatter().parse(fmt):
        if field is not None and spec:
            if "{" in spec:
                raise Refused("a width taken from an argument ({:{}}) is not allowed in format(); write the width as a number")
            for number in re.findall(r"\d+", spec):
                _width(int(number), "format()")


def _materialized(arguments: dict[str, Any], key: str) -> list[Any]:
    """The iterable argument `key` as a list (counted by its size), so what it makes can be measured first."""
    items = list(arguments[key])
    arguments[key] = items
    return items


def _joined_size(items: list[Any], separator: str) -> int:
    return len(separator) * max(len(items) - 1, 0) + sum(map(size, items))


def _replaced_size(text: str | bytes, old: Any, new: Any, count: int | None) -> int:
    found = text.count(old) if old else len(text) + 1
    if count is not None and count >= 0:
        found = min(found, count)
    return len(text) + found * max(len(new) - len(old), 0)


def _check_join(work: Work, arguments: dict[str, Any], what: str) -> None:
    items = _materialized(arguments, "value")
    if arguments["attribute"] is not None:
        get = make_attrgetter(arguments["eval_ctx"].environment, arguments["attribute"])
        items = [get(item) for item in items]
    work.afford(_joined_size(items, str(arguments["d"])), what)


def _check_replace(work: Work, arguments: dict[str, Any], what: str) -> None:
    text, old, new = (str(arguments[k]) for k in ("s", "old", "new"))
    work.afford(_replaced_size(text, old, new, arguments["count"]), what)


def _check_indent(work: Work, arguments: dict[str, Any], what: str) -> None:
    width, text = arguments["width"], str(arguments["s"])
    _width(width, what)
    pad = len(width) if isinstance(width, str) else max(int(width), 0)
    work.afford(len(text) + (text.count("\n") + 1) * pad, what)


def _check_batch(work: Work, arguments: dict[str, Any], what: str) -> None:
    items = _materialized(arguments, "value")
    if arguments["fill_with"] is not None and isinstance(arguments["linecount"], int):
        work.afford(len(items) + arguments["linecount"], what)


def _check_slice(work: Work, arguments: dict[str, Any], what: str) -> None:
    items = _materialized(arguments, "value")
    if isinstance(arguments["slices"], int):
        work.afford(len(items) + arguments["slices"], what)


def _check_sum(work: Work, arguments: dict[str, Any], what: str) -> None:
    if not isinstance(arguments["start"], (int, float)):   # summing lists is concatenation, quadratic: not here
        raise Refused(f"{what} adds numbers; its start must be a number")


def _check_round(work: Work, arguments: dict[str, Any], what: str) -> None:
    precision = arguments["precision"]
    if isinstance(precision, int) and abs(precision) > MAX_NUMBER_DIGITS:
        raise Refused(_digits_message(what, abs(precision)))


FILTER_CHECKS: dict[str, Check] = {
    "center": lambda work, a, what: _width(a["width"], what),
    "indent": _check_indent,
    "format": lambda work, a, what: _check_percent(str(a["value"])),
    "join": _check_join,
    "replace": _check_replace,
    "batch": _check_batch,
    "slice": _check_slice,
    "sum": _check_sum,
    "round": _check_round,
}


def _method_checked(work: Work, method: Any, args: tuple[Any, ...], kwargs: dict[str, Any], what: str) -> tuple[Any, ...]:
    """The arguments of a call, checked first when it is a str or bytes method that can make much from little
    (an iterable given to join() comes back as a list, measured)."""
    owner, name = getattr(method, "__self__", None), getattr(method, "__name__", "")
    if not isinstance(owner, (str, bytes, int)) or isinstance(owner, bool):
        return args
    if name in PADDING or name == "to_bytes":
        _width(args[0] if args else kwargs.get("width", kwargs.get("length", 0)), what)
    elif name == "expandtabs":
        _width(args[0] if args else kwargs.get("tabsize", 8), what)
    elif name == "join" and args:
        items = list(args[0])
        work.afford(_joined_size(items, owner), what)
        args = (items, *args[1:])
    elif name == "replace" and len(args) >= 2 and isinstance(owner, (str, bytes)):
        count = args[2] if len(args) > 2 else kwargs.get("count")
        work.afford(_replaced_size(owner, args[0], args[1], count), what)
    elif name == "translate" and args and isinstance(args[0], dict):
        longest = max((len(v) for v in args[0].values() if isinstance(v, str)), default=1)
        work.afford(len(owner) * longest, what)
    return args
