"""Finding games on the local network: zeroconf (mDNS/DNS-SD) announce and browse.

A host that listens on a network address announces its table as a ``_tortuga._tcp`` service
(:class:`Announcer`); the join screen lists what a :class:`Browser` finds (:meth:`Browser.hosts`).
The join code is never announced: it is shared by the players themselves.

Both classes do their network work on background threads (zeroconf's own, and one for the
registration, which probes the network for a second or so): the frame loop only calls
:meth:`Announcer.start`, :meth:`Browser.hosts` and ``close``, which return at once.

Zeroconf sends multicast on every interface it uses. ``zeroconf_factory`` (tests) replaces the
:class:`zeroconf.Zeroconf` object, ``browser_factory`` the :class:`zeroconf.ServiceBrowser`.
"""

from __future__ import annotations

import ipaddress
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tortuga_desktop.net.protocol import PROTOCOL_VERSION

logger = logging.getLogger(__name__)

SERVICE_TYPE = "_tortuga._tcp.local."


@dataclass(frozen=True)
class FoundHost:
    """A game announced on the local network."""

    #: the announced name (the host's choice, e.g. "Anne's table")
    name: str
    address: str
    port: int
    table: str
    open_seats: int
    version: int

    @property
    def addr(self) -> str:
        """``host:port`` for :class:`~.client.NetClient` (IPv6 in brackets)."""
        host = f"[{self.address}]" if ":" in self.address else self.address
        return f"{host}:{self.port}"

    @property
    def compatible(self) -> bool:
        """Speaks this game's protocol version."""
        return self.version == PROTOCOL_VERSION


def local_addresses() -> list[str]:
    """This computer's IPv4 addresses on its networks (no loopback, no link-local)."""
    import ifaddr

    out = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, str):
                addr = ipaddress.ip_address(ip.ip)
                if not (addr.is_loopback or addr.is_link_local):
                    out.append(ip.ip)
    return out


def _service_name(name: str, table: str) -> str:
    clean = "".join(ch for ch in name if ch.isprintable() and ch != ".")[:40] or "Tortuga"
    return f"{clean} [{table}].{SERVICE_TYPE}"


def _default_zeroconf() -> Any:
    from zeroconf import Zeroconf

    return Zeroconf()


class Announcer:
    """Announce one table (``start``; ``update`` the open seats; ``close`` withdraws it)."""

    def __init__(self, name: str, port: int, addresses: list[str], *, table: str, open_seats: int = 0,
                 zeroconf_factory: Callable[[], Any] | None = None) -> None:
        if not addresses:
            raise ValueError("nothing to announce: no network address (a game on 127.0.0.1 is for this computer only)")
        self.name = name
        self.port = port
        self.addresses = [str(ipaddress.ip_address(a)) for a in addresses]
        self.table = table
        self.open_seats = open_seats
        self._factory = zeroconf_factory or _default_zeroconf
        self._zc: Any = None
        self._info: Any = None
        self._lock = threading.Lock()
        self._closed = False
        self.error = ""

    def _service_info(self) -> Any:
        from zeroconf import ServiceInfo

        props = {"v": str(PROTOCOL_VERSION), "table": self.table, "open": str(self.open_seats), "name": self.name[:40]}
        return ServiceInfo(SERVICE_TYPE, _service_name(self.name, self.table),
                           addresses=[ipaddress.ip_address(a).packed for a in self.addresses], port=self.port,
                           properties=props)

    def start(self) -> None:
        """Register in the background (returns at once)."""
        threading.Thread(target=self._register, name="net-announce", daemon=True).start()

    def _register(self) -> None:
        try:
            with self._lock:
                if self._closed:
                    return
                self._zc = self._factory()
                self._info = self._service_info()
                self._zc.register_service(self._info, allow_name_change=True)
        except Exception as exc:  # zeroconf raises many kinds (OSError, its own errors): report, go on
            self.error = str(exc) or type(exc).__name__
            logger.warning("could not announce the table on the local network: %s", self.error)

    def update(self, open_seats: int) -> None:
        """Change the announced number of open seats (in the background)."""
        self.open_seats = open_seats

        def work() -> None:
            with self._lock:
                if self._zc is None or self._closed:
                    return
                try:
                    self._info = self._service_info()
                    self._zc.update_service(self._info)
                except Exception as exc:  # as in _register
                    logger.warning("could not update the announcement: %s", exc)

        threading.Thread(target=work, name="net-announce", daemon=True).start()

    def close(self) -> None:
        """Withdraw the announcement and stop zeroconf."""
        with self._lock:
            self._closed = True
            zc, info, self._zc = self._zc, self._info, None
        if zc is not None:
            try:
                if info is not None:
                    zc.unregister_service(info)
            finally:
                zc.close()


class Browser:
    """Find announced tables (``start``; ``hosts()`` any time; ``close``)."""

    def __init__(self, *, zeroconf_factory: Callable[[], Any] | None = None,
                 browser_factory: Callable[..., Any] | None = None) -> None:
        self._factory = zeroconf_factory or _default_zeroconf
        self._browser_factory = browser_factory
        self._zc: Any = None
        self._browser: Any = None
        self._found: dict[str, FoundHost] = {}
        self._lock = threading.Lock()

    def start(self) -> None:
        from zeroconf import ServiceBrowser

        self._zc = self._factory()
        make = self._browser_factory or ServiceBrowser
        self._browser = make(self._zc, SERVICE_TYPE, handlers=[self._on_change])

    def hosts(self) -> list[FoundHost]:
        """The tables found so far, by name (a snapshot; never blocks on the network)."""
        with self._lock:
            return sorted(self._found.values(), key=lambda h: (h.name.casefold(), h.addr))

    def _on_change(self, zeroconf: Any, service_type: str, name: str, state_change: Any) -> None:
        from zeroconf import ServiceStateChange

        if state_change == ServiceStateChange.Removed:
            with self._lock:
                self._found.pop(name, None)
            return
        info = zeroconf.get_service_info(service_type, name, timeout=1500)
        host = _found_host(info) if info is not None else None
        with self._lock:
            if host is None:
                self._found.pop(name, None)
            else:
                self._found[name] = host

    def close(self) -> None:
        if self._browser is not None:
            self._browser.cancel()
        if self._zc is not None:
            self._zc.close()
        self._browser = self._zc = None


def _found_host(info: Any) -> FoundHost | None:
    """A :class:`FoundHost` from a service record; None when it does not look like ours."""
    def prop(key: str) -> str:
        raw = info.properties.get(key.encode())
        if not isinstance(raw, bytes):
            return ""
        text = raw.decode("utf-8", "replace")
        return text if text.isprintable() else ""

    addresses = info.parsed_addresses()
    port = info.port
    try:
        version = int(prop("v"))
        open_seats = int(prop("open") or 0)
    except ValueError:
        return None
    if not addresses or not isinstance(port, int) or not 1 <= port <= 65535 or not 0 <= open_seats <= 4:
        return None
    name = prop("name")[:40] or str(info.name).split(".")[0][:40]
    return FoundHost(name=name, address=addresses[0], port=port, table=prop("table")[:64], open_seats=open_seats,
                     version=version)


__all__ = ["SERVICE_TYPE", "Announcer", "Browser", "FoundHost", "local_addresses"]
