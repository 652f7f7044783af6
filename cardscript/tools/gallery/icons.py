"""The gallery's icons, drawn here as inline SVG (no image files, no fonts, nothing fetched): the 13 power icons
(rules 2.1, :class:`~cardscript.compiler.vocabulary.Power`) and the cost / stage icons ``{0}`` ``{1}`` ``{2}``
``{X}`` (rules 4.5, 4.6, :class:`~cardscript.compiler.vocabulary.Cost`), and card text with its icons drawn."""

from __future__ import annotations

import re

from markupsafe import Markup, escape

from cardscript.compiler.vocabulary import Cost, Power, power_by_code

__all__ = ["cost_icon", "icon_of", "power_icon", "with_icons"]

# each power: a background colour and the drawing on a 24x24 board (white strokes / fills over the disc)
_DRAWINGS: dict[Power, tuple[str, str]] = {
    Power.AGILIDADE: ("#2e8b57", '<path d="M6 7l5 5-5 5M12 7l5 5-5 5" class="s"/>'),
    Power.VOO: ("#3a7bd5", '<path d="M4 10c4 0 6 3 8 6 2-3 4-6 8-6-3 1-5 3-8 8-3-5-5-7-8-8z" class="f"/>'),
    Power.SUPER_FORCA: ("#c0392b", '<path d="M5 9v6M8 7v10M16 7v10M19 9v6M8 12h8" class="s"/>'),
    Power.ATAQUE_A_DISTANCIA: ("#7f8c8d", '<circle cx="12" cy="12" r="6" class="s"/>'
                                          '<path d="M12 3v5M12 16v5M3 12h5M16 12h5" class="s"/>'),
    Power.GENIALIDADE: ("#8e44ad", '<circle cx="12" cy="10" r="5" class="s"/><path d="M10 17h4M10 20h4" class="s"/>'),
    Power.ATAQUE_ENERGETICO: ("#e67e22", '<path d="M13 3L6 13h5l-1 8 7-11h-5z" class="f"/>'),
    Power.LAMINAS: ("#34495e", '<path d="M6 18L17 5M9 12l4 4M5 19l2-2" class="s"/>'),
    Power.REGENERACAO: ("#27ae60", '<path d="M12 6v12M6 12h12" class="s w"/>'),
    Power.ELASTICIDADE: ("#d35400", '<path d="M4 12c2-5 4-5 5 0s3 5 5 0 3-5 6 0" class="s"/>'),
    Power.TELEPATIA: ("#6c3483", '<path d="M3 12c4-6 14-6 18 0-4 6-14 6-18 0z" class="s"/>'
                                 '<circle cx="12" cy="12" r="2.5" class="f"/>'),
    Power.TELECINESIA: ("#1abc9c", '<path d="M8 8a5 5 0 0 0 0 8M5 5a9 9 0 0 0 0 14M16 8a5 5 0 0 1 0 8'
                                   'M19 5a9 9 0 0 1 0 14" class="s"/>'),
    Power.MAGIA: ("#b7950b", '<path d="M12 3l2.6 6 6.4.5-4.9 4.2 1.5 6.3L12 16.6 6.4 20l1.5-6.3L3 9.5 9.4 9z" '
                             'class="f"/>'),
    Power.PODER_COSMICO: ("#1f3a93", '<circle cx="12" cy="12" r="4" class="f"/>'
                                     '<ellipse cx="12" cy="12" rx="9" ry="3" transform="rotate(-25 12 12)" '
                                     'class="s"/>'),
}


def power_icon(power: Power) -> Markup:
    """The power's icon: a coloured disc with its drawing, named by the power (its tooltip and accessible name)."""
    colour, drawing = _DRAWINGS[power]
    name = escape(power.label)
    return Markup(f'<svg class="icon power" viewBox="0 0 24 24" role="img" aria-label="{name}" '
                  f'data-icon="{power.code}"><title>{name}</title>'
                  f'<circle cx="12" cy="12" r="11.5" fill="{colour}"/>{drawing}</svg>')


def cost_icon(cost: Cost) -> Markup:
    """A cost / stage icon: the number (or X) in an energy hexagon."""
    label = escape(cost.icon)
    return Markup(f'<svg class="icon cost" viewBox="0 0 24 24" role="img" aria-label="{label}" '
                  f'data-icon="{cost.value}"><title>{label}</title>'
                  '<path d="M12 1l10 5.5v11L12 23 2 17.5v-11z" fill="#f1c40f" stroke="#7d6608"/>'
                  f'<text x="12" y="16.5" text-anchor="middle">{escape(cost.value)}</text></svg>')


_ICON = re.compile(r"\{([A-Za-z0-9]{1,2})\}")
_COSTS = {c.value: c for c in Cost}


def icon_of(code: str) -> Markup | None:
    """The drawn icon of ``{code}`` as written in card text, or None when the braces hold no icon."""
    cost = _COSTS.get(code.upper())
    if cost is not None:
        return cost_icon(cost)
    power = power_by_code(code)
    return power_icon(power) if power is not None else None


def with_icons(text: str) -> Markup:
    """Card text, HTML-escaped, its icons (``{1}``, ``{SF}``) drawn; braces that hold no icon stay as written."""
    parts: list[str] = []
    last = 0
    for m in _ICON.finditer(text):
        icon = icon_of(m.group(1))
        if icon is None:
            continue
        parts.append(str(escape(text[last:m.start()])))
        parts.append(str(icon))
        last = m.end()
    parts.append(str(escape(text[last:])))
    return Markup("".join(parts))
