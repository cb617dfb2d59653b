"""The network protocol: versioned, validated messages as JSON text frames (msgspec structs).

Every frame is one JSON object with a ``"type"`` tag. A client's first message is
:class:`Hello` with its :data:`PROTOCOL_VERSION`; the server answers :class:`Welcome` or, on a
version mismatch, an :class:`Error` with code ``"version"`` that says both versions, and closes.

Client -> server: :class:`Hello`, :class:`ListTables`, :class:`CreateTable`, :class:`Join`,
:class:`Start`, :class:`Act`, :class:`Talk`, :class:`Leave`, :class:`Say`, :class:`Watch`.
Server -> client: :class:`Welcome`, :class:`Tables`, :class:`Created`, :class:`Joined`,
:class:`Watching`, :class:`Lobby`, :class:`Update`, :class:`Chat`, :class:`Error`, :class:`Bye`.

Chat: a seated connection sends :class:`Say` (text only, at most :data:`MAX_CHAT` characters);
the server cleans it (:func:`clean_chat`), stamps it with the seat and that seat's name (never
the client's word for either) and sends it to everyone at the table as a :class:`Chat`, beside
the table's own notes (a player joined, dropped out, came back, left, was taken over by a
computer player) in the same stream. A computer player's own line (kind ``bot``: its game's data
as text, worded by the game at each client) is stamped with its seat the same way; it goes only to
clients whose :class:`Hello` says they read it (:data:`LATER_CHAT_KINDS`, :func:`client_chat_kinds`),
so a client from before it never receives a kind it cannot decode.

Table talk a game keeps as moves (Tortuga 1667's claims, accusations, reactions): a seated
connection sends :class:`Talk` (the line in the game's text form, ``"say accuse 2 french"``); the
game's run carries it out (:class:`.games.TalkRun`) as an event of the game every seat and watcher
is sent in its updates and the game's record keeps. It answers no decision (no stale check) and
shares the chat's rate. A server from before :class:`Talk` refuses it as a malformed message
(``Invalid value 'Talk'``), changes nothing and keeps the connection. A client from before it would
refuse an update carrying such an event: a game whose updates may carry one (its adapter's ``needs``)
is offered only to clients whose :class:`Hello` says they read it (``+reads:talk``,
:func:`client_reads`); to an older client that game's tables are as a game it does not have.

Which game a table plays is a key (``game``; a message without it means :data:`DEFAULT_GAME`,
the only game before there was a second). Game data travels as JSON data the game defines and
checks itself, through its network adapter (:mod:`.games`): a table's options, a seat's view, the
events that seat may see and actions in their text form (``"select ACE"``, ``"target 2"``). This
module names no game's types. Nothing is ever unpickled or evaluated: a frame is decoded by msgspec
into the expected struct (wrong types, unknown fields and unknown tags are refused), then the game
parts are checked by the game's own readers.

>>> raw = encode(Act(id=3, seat=1, decisions=12, action="select ACE"))
>>> decode_client(raw)
Act(id=3, seat=1, decisions=12, action='select ACE')
>>> decode_client(b'{"type": "Act", "id": 1}')
Traceback (most recent call last):
...
tortuga_desktop.net.protocol.ProtocolError: bad message: Object missing required field `seat`
"""

from __future__ import annotations

import unicodedata
from typing import Any, Literal, get_args

import msgspec

from tortuga_desktop import games as _catalogue

#: Version of this protocol; a client and a server must speak the same one.
PROTOCOL_VERSION = 1
#: The port a host listens on unless told otherwise.
DEFAULT_PORT = 47600
#: Largest frame either side accepts (bytes). Larger frames close the connection.
MAX_MESSAGE = 64 * 1024
#: Longest table id, join code, token, name and action text accepted.
MAX_ID = 64
MAX_NAME = 24
MAX_ACTION = 40
#: Longest line of table talk (:class:`Talk`) in its text form.
MAX_TALK = 80
#: Longest chat message (characters, after cleaning) and how many the server keeps per table.
MAX_CHAT = 200
CHAT_KEEP = 200
#: The ``seat`` of an :class:`Update` sent to a watcher: the public view (``viewer`` None).
SPECTATOR = -1
#: Most tables one :class:`Tables` answer lists (it stays well under :data:`MAX_MESSAGE`).
MAX_LISTED = 100

#: Join codes: letters and digits that are not easily mistaken for one another (no 0/O, 1/I),
#: ``CODE_LENGTH`` of them (32**9, about 3.5e13 codes; the README's network section works out
#: why that is enough). Shown in groups of three ("K7P-Q2M-XRA"); typed with or without the
#: dashes and spaces, in either case.
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 9

SeatKind = Literal["open", "computer", "local"]
#: A game's key (the registered games: :func:`.games.keys`).
GameKey = str
#: The game of a message that names none: every peer from before the second game played only it.
DEFAULT_GAME: str = _catalogue.DEFAULT_GAME
#: Highest seat index any table has.
MAX_SEAT = 8
#: Longest game key.
MAX_GAME = 20


def client_games(client: str) -> frozenset[str]:
    """The games a client plays, from its :class:`Hello`'s ``client`` (:data:`DEFAULT_GAME` always).

    >>> sorted(client_games("tortuga+t1667")), sorted(client_games("tortuga")), sorted(client_games(""))
    (['t1667', 'tortuga'], ['tortuga'], ['tortuga'])
    """
    return frozenset({DEFAULT_GAME} | {g for g in client.split("+")[1:]
                                       if g and len(g) <= MAX_GAME and ":" not in g})  # "chat:bot", "lobby:watchers": not games


#: What a :class:`Hello`'s ``client`` holds, after a ``+`` sign, for each chat kind of
#: :data:`LATER_CHAT_KINDS` the client reads (``"tortuga+t1667+chat:bot"``). A server from before
#: them reads such a part as one more game it has no table of: harmless.
_CHAT_PREFIX = "chat:"


def client_chat_kinds(client: str) -> frozenset[str]:
    """The chat kinds of :data:`LATER_CHAT_KINDS` a client reads, from its :class:`Hello`'s ``client``.

    >>> sorted(client_chat_kinds("tortuga+t1667+chat:bot")), sorted(client_chat_kinds("tortuga+t1667"))
    (['bot'], [])
    """
    return frozenset(k for part in client.split("+")[1:] if part.startswith(_CHAT_PREFIX)
                     and (k := part[len(_CHAT_PREFIX):]) in LATER_CHAT_KINDS)


#: What a client reads that came after version 1 of this protocol, besides chat kinds: ``talk``, the
#: events of table talk a game keeps as moves (:class:`Talk`) in its updates. A game whose updates may
#: carry such data names it (its adapter's ``needs``): a client that does not say it reads it is not
#: offered that game's tables (it would refuse the updates), as a client from before the game.
LATER_READS = ("talk",)
#: What a :class:`Hello`'s ``client`` holds, after a ``+`` sign, for each of :data:`LATER_READS` the
#: client reads (``"tortuga+t1667+chat:bot+reads:talk"``); a server from before them reads such a part
#: as one more game it has no table of: harmless.
_READS_PREFIX = "reads:"


def client_reads(client: str) -> frozenset[str]:
    """What of :data:`LATER_READS` a client reads, from its :class:`Hello`'s ``client``.

    >>> sorted(client_reads("tortuga+t1667+chat:bot+reads:talk")), sorted(client_reads("tortuga+t1667"))
    (['talk'], [])
    >>> sorted(client_games("tortuga+t1667+chat:bot+reads:talk"))
    ['t1667', 'tortuga']
    """
    return frozenset(k for part in client.split("+")[1:] if part.startswith(_READS_PREFIX)
                     and (k := part[len(_READS_PREFIX):]) in LATER_READS)


#: Message fields made after version 1 of this protocol, as ``message:field``: a client that reads one
#: names it after a ``+`` sign in its :class:`Hello`'s ``client`` (``"tortuga+t1667+lobby:watchers"``;
#: :func:`client_fields`) and only such a client is sent it, since every message forbids unknown
#: fields and a client from before would refuse the whole message. A server from before reads such a
#: part as one more game it has no table of: harmless.
LATER_FIELDS = ("lobby:watchers",)


def client_fields(client: str) -> frozenset[str]:
    """The fields of :data:`LATER_FIELDS` a client reads, from its :class:`Hello`'s ``client``.

    >>> sorted(client_fields("tortuga+t1667+chat:bot+lobby:watchers")), sorted(client_fields("tortuga+t1667"))
    (['lobby:watchers'], [])
    """
    return frozenset(part for part in client.split("+")[1:] if part in LATER_FIELDS)


def __getattr__(name: str) -> Any:
    """``CLIENT``: what this program says it is in its :class:`Hello`, the games it plays after ``+``
    signs (from the registered games, looked up when first asked for), then the later chat kinds it
    reads (``+chat:bot``: :func:`client_chat_kinds`), the later data (``+reads:talk``: :func:`client_reads`)
    and the later fields it reads (``+lobby:watchers``: :func:`client_fields`)."""
    if name == "CLIENT":
        from tortuga_desktop.net.games import client_id

        return "+".join([client_id(), *(f"{_CHAT_PREFIX}{k}" for k in LATER_CHAT_KINDS),
                         *(f"{_READS_PREFIX}{k}" for k in LATER_READS), *LATER_FIELDS])
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


#: The computer levels of the network (protocol version 1 was made before Expert and has no word
#: for it; a game may have fewer: its adapter's ``levels``). A test checks they equal the program's.
Level = Literal["random", "easy", "normal", "hard"]
LEVELS: tuple[str, ...] = get_args(Level)


class ProtocolError(ValueError):
    """A frame that is not a valid message of this protocol (the text says why)."""


class _Msg(msgspec.Struct, tag_field="type", forbid_unknown_fields=True, frozen=True):
    pass


# ---------------------------------------------------------------- client -> server
class Hello(_Msg, tag="Hello", frozen=True):
    """First message of every connection. ``client`` names the program and, after ``+`` signs, the
    games it plays besides the dice game (:data:`CLIENT`; see :func:`client_games`): a client from
    before Tortuga 1667 says only "tortuga", plays dice tables only and is shown only those. (Said in
    this field, not a new one, so that this client and a server from before 1667 still understand
    each other.)"""

    version: int
    client: str = ""


class ListTables(_Msg, tag="ListTables", frozen=True):
    """Ask for the tables on this server (answered with :class:`Tables`)."""


class SeatSpec(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """Who plays a seat: ``open`` (a remote player joins it), ``computer`` (``level``) or
    ``local`` (a human at the host's own computer, played through the host token)."""

    kind: SeatKind
    name: str = ""
    level: Level = "normal"


class CreateTable(_Msg, tag="CreateTable", frozen=True, omit_defaults=True):
    """Create a table (dedicated server lobby). Answered with :class:`Created`. ``game``: which
    game (:data:`DEFAULT_GAME` unless told); ``options``: the game's own table options as JSON data
    (its adapter checks them). ``long_game`` and ``starred`` are the options of the first two games
    as version 1 of this protocol said them (still read: the same as ``options`` holding them)."""

    seats: list[SeatSpec]
    name: str = ""
    long_game: bool = False
    #: seconds a dropped player's seat is held before a computer player takes it over
    hold_seconds: float = 60.0
    #: level of the computer player that takes over a dropped seat
    takeover_level: Level = "normal"
    #: start as soon as every open seat is taken (else the creator sends :class:`Start`)
    auto_start: bool = False
    #: shown with its join code in the server's list (:class:`Tables`), so anyone may take a
    #: seat from the list; False: private (listed without its code: joining needs the code)
    listed: bool = False
    game: GameKey = DEFAULT_GAME
    starred: list[str] | None = None
    options: dict[str, Any] | None = None


class Join(_Msg, tag="Join", frozen=True):
    """Take a seat at the table with join ``code`` (``table``: its id, or "" to find it by the
    code alone). ``token`` reclaims a seat (the token :class:`Joined` gave) or, with the
    table's host token, takes every local seat."""

    code: str
    table: str = ""
    name: str = ""
    token: str = ""
    #: ask for a particular open seat (None: the first free one)
    seat: int | None = None


class Start(_Msg, tag="Start", frozen=True):
    """Start the game (host token holder only, once every open seat is taken)."""

    table: str
    token: str


class Act(_Msg, tag="Act", frozen=True):
    """Carry out ``action`` (text form) for ``seat``. ``decisions`` is the ``decisions``
    counter of the newest view the client acted on (older than the seat's current decision:
    refused as stale). ``id`` comes back as ``ack`` in the next :class:`Update` or in the
    :class:`Error`."""

    id: int
    seat: int
    decisions: int
    action: str


class Talk(_Msg, tag="Talk", frozen=True):
    """``seat`` (one this connection holds) says ``line`` to the table: a line of the game's own talk
    in its text form (Tortuga 1667: ``"say accuse 2 french"``). Not a decision: no ``decisions``
    counter, no stale check. The game carries it out as an event every seat hears: the
    :class:`Update` sent to this connection then has ``ack`` ``id``; refused: an :class:`Error` with
    ``ref`` ``id`` (``talk``: the game does not take the line now, with its reason; ``malformed``: no
    line of the game's talk; ``chat_rate``: too much said, wait)."""

    id: int
    seat: int
    line: str


class Leave(_Msg, tag="Leave", frozen=True):
    """Leave the table for good (the seat is handed to a computer player or reopened)."""


class Say(_Msg, tag="Say", frozen=True):
    """A chat message to everyone at this connection's table (the lobby or the game), as
    ``seat`` (one this connection holds; None: its first). Answered with a :class:`Chat` to
    the whole table, or an :class:`Error` (``chat``: nothing to say or not at a table;
    ``rate``: too many messages, wait)."""

    text: str
    seat: int | None = None


class Watch(_Msg, tag="Watch", frozen=True):
    """Watch the table ``table`` without a seat (answered with :class:`Watching`): its lobby,
    its chat (read only) and the game as a spectator sees it (:data:`SPECTATOR` updates: the
    public view and the public events only). A listed table needs no code; a private one its
    join code (checked like a join's)."""

    table: str
    code: str = ""


ClientMessage = Hello | ListTables | CreateTable | Join | Start | Act | Talk | Leave | Say | Watch


# ---------------------------------------------------------------- server -> client
class Welcome(_Msg, tag="Welcome", frozen=True):
    version: int
    server: str
    #: True on a dedicated server (tables can be created and listed)
    lobby: bool


class TableInfo(msgspec.Struct, forbid_unknown_fields=True, frozen=True, omit_defaults=True):
    """One table in a dedicated server's list. ``code``: its join code when the table is
    listed (public), "" when private; ``waiting``: the names of the people who sit at it;
    ``computers``: its computer seats, ``level`` the first one's and ``levels`` every one's, in
    seat order (a server from before ``levels`` sends only ``level``)."""

    table: str
    name: str
    players: int
    open_seats: int
    started: bool
    over: bool
    listed: bool = False
    code: str = ""
    long_game: bool = False
    waiting: list[str] = msgspec.field(default_factory=list)
    computers: int = 0
    level: str = ""
    watchers: int = 0
    levels: list[str] = msgspec.field(default_factory=list)
    #: which game
    game: GameKey = DEFAULT_GAME


class Tables(_Msg, tag="Tables", frozen=True):
    """A dedicated server's tables (at most :data:`MAX_LISTED`: those with open seats first);
    ``more``: how many were left out."""

    tables: list[TableInfo]
    more: int = 0


class Created(_Msg, tag="Created", frozen=True):
    """A new table: share ``code``; keep ``host_token`` (starts the game, plays local seats)."""

    table: str
    code: str
    host_token: str


class Watching(_Msg, tag="Watching", frozen=True):
    """This connection now watches ``table`` (no seat; see :class:`Watch`)."""

    table: str


class Joined(_Msg, tag="Joined", frozen=True):
    """The seats this connection plays and the token that reclaims them after a drop."""

    table: str
    seats: list[int]
    token: str


class SeatInfo(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """One seat as the lobby shows it."""

    seat: int
    name: str
    kind: SeatKind
    level: str
    #: someone has joined it (open seats) / it is played here (local seats)
    taken: bool
    connected: bool
    #: a computer player is playing it now (computer seats, or a dropped player taken over)
    bot: bool
    #: seconds left until a computer takes over a dropped seat (None: not held)
    held_for: float | None = None


class Lobby(_Msg, tag="Lobby", frozen=True, omit_defaults=True):
    table: str
    name: str
    players: int
    seats: list[SeatInfo]
    started: bool
    over: bool
    #: which game
    game: GameKey = DEFAULT_GAME
    #: connections watching the table without a seat (a later field: sent only to a client whose
    #: Hello names ``lobby:watchers``, see :data:`LATER_FIELDS`; 0 is never sent)
    watchers: int = 0


class Update(_Msg, tag="Update", frozen=True, omit_defaults=True):
    """The seat's view now and the events it has not had yet (only those it may see).

    ``ack`` is the id of this connection's :class:`Act` that caused it (else -1).
    ``first`` is the index of the first event in the seat's own event list (a reconnecting
    client gets the whole list again in one or more updates with ``first`` 0 upwards).
    ``seat`` :data:`SPECTATOR` (-1): a watcher's update, the public view and public events."""

    table: str
    seat: int
    view: dict[str, Any]
    events: list[dict[str, Any]]
    first: int
    ack: int = -1
    #: for a game whose view does not hold them: the game's decision counter (an :class:`Act` names
    #: it) and this seat's legal actions now in their text form (-1 and None: the view holds both)
    decisions: int = -1
    legal: list[str] | None = None


#: What a :class:`Chat` entry is: a player's message, a note of the table about ``seat``, or
#: (``bot``) a line a computer player at ``seat`` says, its game's data as text.
ChatKind = Literal["say", "joined", "dropped", "returned", "left", "taken_over", "bot"]
CHAT_KINDS = ("say", "joined", "dropped", "returned", "left", "taken_over", "bot")
#: Chat kinds made after version 1 of this protocol: a client reads them only when its
#: :class:`Hello` says so (:func:`client_chat_kinds`); a client from before them would refuse the
#: whole message, so it is never sent one.
LATER_CHAT_KINDS = ("bot",)


class Chat(_Msg, tag="Chat", frozen=True):
    """One entry of a table's chat. ``n`` counts the table's entries from 1 (a client that
    gets the history again after a reconnect skips what it has); ``seat`` and ``name`` are the
    server's (the seat the message came from, its name at the time); ``text`` is cleaned and
    empty for the table's own notes (``kind`` other than ``say`` and ``bot``: the client words
    them); for ``bot`` (a computer player's line) it is the game's data as text, worded by the
    game;
    ``at``: seconds since the epoch (UTC)."""

    table: str
    n: int
    seat: int
    name: str
    kind: ChatKind
    text: str = ""
    at: float = 0.0


class Error(_Msg, tag="Error", frozen=True):
    """A refused message: nothing changed. ``code`` is one of :data:`ERROR_CODES`; ``ref`` is
    the id of the refused :class:`Act` (else -1)."""

    code: str
    message: str
    ref: int = -1


class Bye(_Msg, tag="Bye", frozen=True):
    """The server closes this connection (``reason`` says why; :data:`BYE_HOST_CLOSED`: the
    in-game host closed its table for everyone)."""

    reason: str


#: A :class:`Bye`'s reason when the host closed the table (the game says so in the player's words).
BYE_HOST_CLOSED = "the host closed the table"


ServerMessage = Welcome | Tables | Created | Joined | Watching | Lobby | Update | Chat | Error | Bye

#: Error codes: ``version`` (protocol mismatch), ``malformed`` (not a message of this
#: protocol), ``size`` (over :data:`MAX_MESSAGE`), ``order`` (message not allowed now),
#: ``code`` (wrong table or join code), ``token`` (bad token), ``full`` (no free seat),
#: ``seat`` (not this connection's seat), ``stale`` (an action on an old view), ``turn``
#: (nothing to decide / not this seat's turn), ``illegal`` (the engine refused the action),
#: ``rate`` (too many messages, tables or wrong join codes: wait), ``denied`` (not allowed on
#: this server), ``name`` (the name looks like another seat's), ``chat`` (a chat message with
#: nothing to show once cleaned, or from a connection not seated at a table), ``chat_rate``
#: (too many chat messages: wait), ``talk`` (the game does not take a line of :class:`Talk` now: the
#: message says why).
ERROR_CODES = ("version", "malformed", "size", "order", "code", "token", "full", "seat", "stale", "turn",
               "illegal", "rate", "denied", "name", "chat", "chat_rate", "talk")


def talk_unknown(err: Error) -> bool:
    """True when ``err`` is a server from before :class:`Talk` refusing one (it reads the message as
    malformed, naming its unknown type): the line was not said and this server takes none.

    >>> talk_unknown(Error(code="malformed", message="bad message: Invalid value 'Talk' - at `$.type`"))
    True
    >>> talk_unknown(Error(code="malformed", message="bad message: Object missing required field `seat`"))
    False
    """
    return err.code == "malformed" and err.ref == -1 and "Invalid value 'Talk'" in err.message


class _Probe(msgspec.Struct):
    type: str = ""
    version: int | None = None


_encoder = msgspec.json.Encoder()
_client_decoder = msgspec.json.Decoder(ClientMessage)
_server_decoder = msgspec.json.Decoder(ServerMessage)
_probe_decoder = msgspec.json.Decoder(_Probe)


def encode(msg: _Msg) -> bytes:
    """JSON bytes of a message."""
    return _encoder.encode(msg)


def normalize_code(text: str) -> str:
    """A join code as typed -> its canonical form (upper case, no spaces or dashes).

    >>> normalize_code(" k7p-q2m xra ")
    'K7PQ2MXRA'
    """
    return "".join(text.split()).replace("-", "").upper()


def format_code(code: str) -> str:
    """A join code in groups of three, easier to read out and type.

    >>> format_code("K7PQ2MXRA")
    'K7P-Q2M-XRA'
    """
    return "-".join(code[i:i + 3] for i in range(0, len(code), 3))


def code_problem(text: str) -> str:
    """Why ``text`` cannot be a join code ("" when it can): "length" or "chars"."""
    code = normalize_code(text)
    if any(c not in CODE_ALPHABET for c in code):
        return "chars"
    if len(code) != CODE_LENGTH:
        return "length"
    return ""


def _decode(raw: bytes | str, decoder: msgspec.json.Decoder[Any]) -> Any:
    if len(raw) > MAX_MESSAGE:
        raise ProtocolError(f"message of {len(raw)} bytes is over the {MAX_MESSAGE}-byte limit")
    try:
        return decoder.decode(raw)
    except (msgspec.DecodeError, msgspec.ValidationError) as exc:
        raise ProtocolError(f"bad message: {str(exc)[:200]}") from None
    except RecursionError:  # deeply nested JSON: no message of this protocol nests
        raise ProtocolError("bad message: nested too deeply") from None
    except UnicodeDecodeError:
        raise ProtocolError("bad message: not UTF-8 text") from None


def decode_client(raw: bytes | str) -> ClientMessage:
    """A client's message, checked (raises :class:`ProtocolError`)."""
    msg: ClientMessage = _decode(raw, _client_decoder)
    _check_client(msg)
    return msg


def decode_server(raw: bytes | str) -> ServerMessage:
    """A server's message, checked for form (raises :class:`ProtocolError`)."""
    msg: ServerMessage = _decode(raw, _server_decoder)
    return msg


def probe_version(raw: bytes | str) -> tuple[str, int | None]:
    """The ``type`` and ``version`` of a frame even when the rest does not fit this protocol
    version (so a mismatch gets a clear answer, not "malformed")."""
    try:
        p = _probe_decoder.decode(raw)
    except (msgspec.DecodeError, msgspec.ValidationError, RecursionError, UnicodeDecodeError):
        return "", None
    return p.type[:20], p.version


#: Characters that draw nothing or steer the text: controls, format characters (zero-width
#: space and joiners, direction overrides), surrogates, private use, unassigned, line and
#: paragraph separators; besides them the default-ignorable fillers and variation selectors.
_INVISIBLE = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
_IGNORABLE = ((0x034F, 0x034F), (0x115F, 0x1160), (0x17B4, 0x17B5), (0x180B, 0x180F), (0x3164, 0x3164),
              (0xFE00, 0xFE0F), (0xFFA0, 0xFFA0), (0xE0100, 0xE01EF))
#: combining marks kept on one character (a pile of them draws over the lines around it)
_MAX_MARKS = 2


def _chat_char_ok(ch: str) -> bool:
    cp = ord(ch)
    return unicodedata.category(ch) not in _INVISIBLE and not any(lo <= cp <= hi for lo, hi in _IGNORABLE)


def clean_chat(text: str) -> str:
    r"""A chat message as the table shows it: NFC, controls and zero-width or other invisible
    characters dropped (tabs and line breaks become spaces), at most two combining marks on a
    character, runs of spaces (any kind) made one space, none at the ends; "" when nothing
    visible is left (only marks and spaces). Never raises.

    >>> clean_chat("  hi\u200b there\n\tall\u202e ")
    'hi there all'
    >>> clean_chat("\u200b\u200d\ufe0f")
    ''
    >>> len(clean_chat("a" + "\u0301" * 50)), clean_chat("\u0301\u0302 \u3000")
    (3, '')
    """
    out: list[str] = []
    marks = 0
    for ch in unicodedata.normalize("NFC", str(text)):
        if ch in "\t\n\r\v\f\x85\u2028\u2029":
            ch = " "
        elif not _chat_char_ok(ch):
            continue
        if unicodedata.category(ch).startswith("M"):
            marks += 1
            if marks > _MAX_MARKS:
                continue
        else:
            marks = 0
        out.append(ch)
    text = " ".join("".join(out).split())
    # marks alone draw nothing (and a font refuses to render a text of zero width)
    return text if any(not unicodedata.category(c).startswith(("M", "Z")) for c in text) else ""


def _text_ok(s: str, limit: int) -> bool:
    return len(s) <= limit and s.isprintable()


def _check_client(msg: ClientMessage) -> None:
    """Limits msgspec's types do not express: lengths, printable text, ranges."""
    texts: list[tuple[str, int]] = []
    if isinstance(msg, Hello):
        texts.append((msg.client, MAX_ID))
    elif isinstance(msg, CreateTable):
        # the game checks its seat count and options (its adapter); here only what no table allows
        if not 1 <= len(msg.seats) <= MAX_SEAT + 1:
            raise ProtocolError(f"a table has 1-{MAX_SEAT + 1} seats")
        if msg.starred is not None and (len(msg.starred) > 3 or not all(_text_ok(c, MAX_ID) for c in msg.starred)):
            raise ProtocolError("starred: at most three card names")
        texts.append((msg.game, MAX_GAME))
        if not (0 <= msg.hold_seconds <= 3600):
            raise ProtocolError("hold_seconds must be 0-3600")
        texts.append((msg.name, MAX_NAME))
        texts += [(s.name, MAX_NAME) for s in msg.seats]
    elif isinstance(msg, Join):
        texts += [(msg.table, MAX_ID), (msg.code, MAX_ID), (msg.name, MAX_NAME), (msg.token, MAX_ID)]
        if msg.seat is not None and not 0 <= msg.seat <= MAX_SEAT:
            raise ProtocolError(f"seat must be 0-{MAX_SEAT}")
    elif isinstance(msg, Start):
        texts += [(msg.table, MAX_ID), (msg.token, MAX_ID)]
    elif isinstance(msg, Watch):
        texts += [(msg.table, MAX_ID), (msg.code, MAX_ID)]
    elif isinstance(msg, Say):
        # the text is cleaned by the server (it may hold what clean_chat drops); only its size here
        if len(msg.text) > 2 * MAX_CHAT:
            raise ProtocolError(f"chat message too long (over {MAX_CHAT} characters)")
        if msg.seat is not None and not 0 <= msg.seat <= MAX_SEAT:
            raise ProtocolError(f"seat must be 0-{MAX_SEAT}")
    elif isinstance(msg, Talk):
        texts.append((msg.line, MAX_TALK))
        if not (0 <= msg.seat <= MAX_SEAT and 0 <= msg.id < 2**53):
            raise ProtocolError("talk: seat or id out of range")
    elif isinstance(msg, Act):
        texts.append((msg.action, MAX_ACTION))
        if not (0 <= msg.seat <= MAX_SEAT and 0 <= msg.decisions <= 10**7 and 0 <= msg.id < 2**53):
            raise ProtocolError("act: seat, decisions or id out of range")
    for text, limit in texts:
        if not _text_ok(text, limit):
            raise ProtocolError(f"text field too long (over {limit}) or not printable")


__all__ = [
    "CHAT_KEEP", "CHAT_KINDS", "LATER_CHAT_KINDS", "client_chat_kinds", "LATER_FIELDS", "client_fields", "DEFAULT_GAME", "GameKey", "MAX_GAME", "MAX_SEAT", "client_games", "CODE_ALPHABET", "CODE_LENGTH", "DEFAULT_PORT", "MAX_CHAT", "Chat", "ChatKind", "Say",
    "clean_chat", "BYE_HOST_CLOSED", "ERROR_CODES", "LEVELS", "MAX_LISTED", "MAX_MESSAGE", "PROTOCOL_VERSION", "Act", "Bye", "ClientMessage", "Created",
    "CreateTable", "Error", "Hello", "Join", "Joined", "Leave", "ListTables", "Lobby", "ProtocolError", "SeatInfo",
    "SPECTATOR", "SeatSpec", "ServerMessage", "Start", "MAX_TALK", "Talk", "talk_unknown", "LATER_READS", "client_reads", "Watch", "Watching", "TableInfo", "Tables", "Update", "Welcome", "decode_client",
    "code_problem", "decode_server", "encode", "format_code", "normalize_code", "probe_version",
]
