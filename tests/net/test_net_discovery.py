"""Zeroconf glue, tested WITHOUT the network.

Zeroconf cannot be kept to the loopback interface here (it multicasts to 224.0.0.251 on the
interfaces it uses, and loopback has no multicast route), so these tests give the glue a fake
Zeroconf object that records what would be announced and answers what a browser asks. The
real ServiceInfo records are built and parsed, so the wire form is exercised.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from zeroconf import ServiceInfo, ServiceStateChange

from tortuga_desktop.net.discovery import SERVICE_TYPE, Announcer, Browser, FoundHost, local_addresses
from tortuga_desktop.net.protocol import PROTOCOL_VERSION


class FakeZeroconf:
    """Holds "registered" services in memory; nothing is sent."""

    def __init__(self) -> None:
        self.services: dict[str, ServiceInfo] = {}
        self.closed = False

    def register_service(self, info: ServiceInfo, allow_name_change: bool = False) -> None:
        self.services[info.name] = info

    def update_service(self, info: ServiceInfo) -> None:
        self.services[info.name] = info

    def unregister_service(self, info: ServiceInfo) -> None:
        self.services.pop(info.name, None)

    def get_service_info(self, type_: str, name: str, timeout: int = 0) -> ServiceInfo | None:
        return self.services.get(name)

    def close(self) -> None:
        self.closed = True


class FakeBrowser:
    def __init__(self, zc: Any, type_: str, handlers: list[Any]) -> None:
        self.zc, self.type, self.handlers = zc, type_, handlers
        self.cancelled = False

    def fire(self, name: str, change: ServiceStateChange) -> None:
        for h in self.handlers:
            h(zeroconf=self.zc, service_type=self.type, name=name, state_change=change)

    def cancel(self) -> None:
        self.cancelled = True


def wait_for(cond: Any) -> None:
    end = time.monotonic() + 5
    while not cond():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.01)


def test_an_announced_table_is_found_and_withdrawn() -> None:
    zc = FakeZeroconf()
    ann = Announcer("Anne's table", 47600, ["127.0.0.20"], table="ab12", open_seats=2, zeroconf_factory=lambda: zc)
    ann.start()
    wait_for(lambda: zc.services)
    (name,) = zc.services
    assert name.endswith(SERVICE_TYPE) and "Anne's table" in name
    props = zc.services[name].properties
    assert props[b"v"] == str(PROTOCOL_VERSION).encode() and props[b"open"] == b"2"
    assert all(b"code" not in k for k in props)  # the join code is never announced

    browsers: list[FakeBrowser] = []

    def make_browser(*args: Any, **kwargs: Any) -> FakeBrowser:
        browsers.append(FakeBrowser(*args, **kwargs))
        return browsers[-1]

    br = Browser(zeroconf_factory=lambda: zc, browser_factory=make_browser)
    br.start()
    browsers[0].fire(name, ServiceStateChange.Added)
    assert br.hosts() == [FoundHost("Anne's table", "127.0.0.20", 47600, "ab12", 2, PROTOCOL_VERSION)]
    assert br.hosts()[0].addr == "127.0.0.20:47600" and br.hosts()[0].compatible

    ann.update(open_seats=1)
    wait_for(lambda: zc.services[name].properties[b"open"] == b"1")
    browsers[0].fire(name, ServiceStateChange.Updated)
    assert br.hosts()[0].open_seats == 1

    ann.close()
    assert not zc.services and zc.closed
    browsers[0].fire(name, ServiceStateChange.Removed)
    assert br.hosts() == []
    br.close()
    assert browsers[0].cancelled


def test_a_strange_record_is_ignored() -> None:
    zc = FakeZeroconf()
    name = f"odd.{SERVICE_TYPE}"
    zc.services[name] = ServiceInfo(SERVICE_TYPE, name, addresses=[bytes([10, 0, 0, 1])], port=47600,
                                    properties={"v": "one", "open": "9"})
    br = Browser(zeroconf_factory=lambda: zc, browser_factory=FakeBrowser)
    br.start()
    br._browser.fire(name, ServiceStateChange.Added)
    assert br.hosts() == []


def test_ipv6_hosts_get_brackets() -> None:
    assert FoundHost("x", "fe80::1", 5, "t", 0, 1).addr == "[fe80::1]:5"


def test_nothing_to_announce_on_loopback_only() -> None:
    with pytest.raises(ValueError, match="127.0.0.1"):
        Announcer("t", 1, [], table="t")


def test_a_failing_zeroconf_is_reported_not_raised() -> None:
    def broken() -> Any:
        raise OSError("no multicast here")

    ann = Announcer("t", 1, ["127.0.0.5"], table="t", zeroconf_factory=broken)
    ann.start()
    wait_for(lambda: ann.error)
    assert "no multicast" in ann.error
    ann.close()


def test_local_addresses_are_real_addresses() -> None:
    for a in local_addresses():
        assert not a.startswith("127.") and not a.startswith("169.254.")
