"""Finding hosted games on the local network (zeroconf / mDNS), for the join screen.

A host that listens on all interfaces announces ``_tortuga._tcp.local.`` with its port and
the name of the table; the join screen lists what :class:`HostBrowser` finds. The join code is
never announced: it is what keeps strangers out.

Everything here runs on zeroconf's own threads (or a short-lived thread of ours): the frame
loop only reads :meth:`HostBrowser.hosts`, which never blocks. Tests give the join screen a
fake browser (any object with ``start``, ``hosts`` and ``close``) instead: no multicast.
"""

from __future__ import annotations

import logging
import socket
import threading
from dataclasses import dataclass
from typing import Any, Protocol

log = logging.getLogger(__name__)

__all__ = ["SERVICE", "Announcer", "Browser", "FoundHost", "HostBrowser", "announce_host"]

SERVICE = "_tortuga._tcp.local."


@dataclass(frozen=True, order=True)
class FoundHost:
    """A hosted game seen on the local network."""

    name: str
    address: str
    port: int

    @property
    def target(self) -> str:
        """``address:port`` as the join screen's address field takes it."""
        return f"[{self.address}]:{self.port}" if ":" in self.address else f"{self.address}:{self.port}"


class Browser(Protocol):
    def start(self) -> None: ...
    def hosts(self) -> list[FoundHost]: ...
    def close(self) -> None: ...


class HostBrowser:
    """Browses the local network for hosted games (zeroconf on its own threads)."""

    def __init__(self) -> None:
        self._found: dict[str, FoundHost] = {}
        self._lock = threading.Lock()
        self._zc: Any = None
        self._browser: Any = None
        self._closed = False

    def start(self) -> None:
        threading.Thread(target=self._run, name="tortuga-browse", daemon=True).start()

    def _run(self) -> None:
        try:
            from zeroconf import ServiceBrowser, Zeroconf

            zc = Zeroconf()
            if self._closed:
                zc.close()
                return
            self._zc = zc
            self._browser = ServiceBrowser(zc, SERVICE, handlers=[self._changed])
        except (OSError, ImportError, RuntimeError) as exc:  # no network, no multicast
            log.warning("cannot look for games on the local network: %s", exc)

    def _changed(self, zeroconf: Any, service_type: str, name: str, state_change: Any) -> None:
        from zeroconf import ServiceStateChange

        if state_change is ServiceStateChange.Removed:
            with self._lock:
                self._found.pop(name, None)
            return
        threading.Thread(target=self._resolve, args=(zeroconf, service_type, name), daemon=True,
                         name="tortuga-resolve").start()

    def _resolve(self, zeroconf: Any, service_type: str, name: str) -> None:
        try:
            from zeroconf import ServiceInfo

            info = ServiceInfo(service_type, name)
            if not info.request(zeroconf, 3000):
                return
            addresses = info.parsed_addresses()
            if not addresses or not info.port:
                return
            label = name[: -len(service_type) - 1] if name.endswith("." + service_type) else name
            with self._lock:
                self._found[name] = FoundHost(label[:40], addresses[0], int(info.port))
        except (OSError, RuntimeError, ValueError) as exc:
            log.info("could not resolve %s: %s", name, exc)

    def hosts(self) -> list[FoundHost]:
        with self._lock:
            return sorted(self._found.values())

    def close(self) -> None:
        self._closed = True
        zc, self._zc = self._zc, None
        if zc is not None:
            threading.Thread(target=zc.close, name="tortuga-browse-close", daemon=True).start()


class Announcer:
    """Announces a hosted game until :meth:`close` (registration runs in the background)."""

    def __init__(self, port: int, name: str, addresses: tuple[str, ...]) -> None:
        self.port = port
        self.name = name
        self.addresses = addresses
        self._zc: Any = None
        self._info: Any = None
        self._closed = False
        threading.Thread(target=self._run, name="tortuga-announce", daemon=True).start()

    def _run(self) -> None:
        try:
            from zeroconf import ServiceInfo, Zeroconf

            info = ServiceInfo(SERVICE, f"{self.name}.{SERVICE}", port=self.port,
                               addresses=[socket.inet_aton(a) for a in self.addresses],
                               properties={"app": "tortuga"}, server=f"{socket.gethostname()}.local.")
            zc = Zeroconf()
            zc.register_service(info, allow_name_change=True)
            self._zc, self._info = zc, info
            if self._closed:
                self.close()
        except (OSError, ImportError, RuntimeError, ValueError) as exc:
            log.warning("cannot announce the game on the local network: %s", exc)

    def close(self) -> None:
        self._closed = True
        zc, info = self._zc, self._info
        self._zc = self._info = None
        if zc is not None:
            def stop() -> None:
                try:
                    zc.unregister_service(info)
                finally:
                    zc.close()

            threading.Thread(target=stop, name="tortuga-announce-close", daemon=True).start()


def announce_host(port: int, name: str, addresses: tuple[str, ...]) -> Announcer | None:
    """Announce a game listening on all interfaces (None when there is no address to announce)."""
    usable = tuple(a for a in addresses if not a.startswith("127."))
    if not usable:
        return None
    safe = "".join(c for c in name if c.isalnum() or c in " -_")[:30].strip() or "Tortuga"
    return Announcer(port, safe, usable)
