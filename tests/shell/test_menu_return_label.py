"""The main menu's "Return to your seat" item is set at the buttons' own size in every language
at 1280x720 (issue 26: the German one was shrunk to fit): the longest wording that fits is
chosen — with the table and host, with the table, or on its own."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from app_helpers import start_app

from tortuga_desktop.shell import art, i18n
from tortuga_desktop.shell.scenes.menu import MenuScene

pytestmark = pytest.mark.usefixtures("app_home")


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["en", "de", "nl", "es"])
def test_the_return_item_fits_its_button_without_shrinking(lang: str, size: tuple[int, int]) -> None:
    app = start_app("--size", f"{size[0]}x{size[1]}")
    try:
        app.settings.language = lang
        app.apply_settings({"language"})
        menu = app.top
        assert isinstance(menu, MenuScene)
        while menu._finder is not None:  # the kept seats were looked for (none here)
            app.run(max_frames=1)
        for table, host, shows_table in (("Reef", "127.0.0.1:47600", True),
                                         ("Tisch von Remo", "192.168.1.20:47600", False),
                                         ("W" * 24, "games.example.org:47600", False)):
            menu.seat = SimpleNamespace(shown_table=table, host=host)
            menu._build()
            item = menu._return_item
            assert item is not None and item in menu.buttons.items
            rect = menu.buttons.rects[menu.buttons.items.index(item)]
            px = menu._px
            assert art.font(px, True).size(item.label)[0] <= rect.w - 2 * px, (lang, item.label)
            assert item.label.startswith(i18n.tr("net.return.menu"))
            if shows_table:
                assert table in item.label, item.label
    finally:
        app.close()
        i18n.set_language("en")
