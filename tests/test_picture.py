"""The SVG picture of a position: valid, complete, and keeping face-down cards hidden."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from yukon_widget import Game, IllegalMoveError
from yukon_widget.engine.cards import parse_card, spoken

NS = {"svg": "http://www.w3.org/2000/svg"}


def titles(svg: str) -> list[str]:
    root = ET.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    return [t.text for t in root.iterfind(".//svg:g/svg:title", NS)]


@pytest.mark.parametrize("variant", ["yukon", "double-yukon", "yukon-cells"])
def test_every_face_up_card_is_drawn_and_face_down_cards_are_backs(variant):
    game = Game(variant, seed=3)
    for move in game.legal_moves()[:2]:
        game.play(move)
        break
    svg = game._repr_svg_()
    names = titles(svg)
    pos = game.position()
    shown = [c for col in pos["tableau"] for c in col["up"]]
    shown += [f[-1] for f in pos["foundations"] if f] + [c for c in pos.get("cells", []) if c]
    for code in shown:
        assert names.count(spoken(parse_card(code))) >= shown.count(code)
    hidden = sum(len(col["down"]) for col in pos["tableau"])
    assert names.count("face-down card") == hidden
    hidden_only = {spoken(parse_card(c)) for col in pos["tableau"] for c in col["down"]} - {
        spoken(parse_card(c)) for c in shown
    }
    assert not hidden_only & set(names)


def test_show_outlines_a_move_and_refuses_an_illegal_one():
    game = Game("yukon", seed=7)
    plain = game.show().svg
    marked = game.show("JD t2-t7").svg
    assert "#f5a623" not in plain and marked.count("#f5a623") >= 2
    assert "with a move shown" in marked
    with pytest.raises(IllegalMoveError):
        game.show("KS t1-t1")


def test_picture_saves(tmp_path):
    path = tmp_path / "board.svg"
    Game("moosehide", seed=1).show().save(str(path))
    ET.parse(path)
