"""Network play: a server-authoritative game server, its client and discovery.

:mod:`.protocol` (the versioned message schema), :mod:`.server` (``GameServer``,
``ServerThread``, ``tortuga-server``; its parts by job: :mod:`.conns`, :mod:`.lobby`,
:mod:`.runner`, :mod:`.persist`, sharing :mod:`.core` and :mod:`.table`), :mod:`.client`
(``NetClient`` for scenes),
:mod:`.headless` (bots over the network, ``tortuga --join``), :mod:`.discovery` (zeroconf).
Nothing here is imported by the rules; nothing here imports pygame.
"""
