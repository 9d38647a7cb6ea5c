"""The effect library: card effects written once, configured by themes in TOML.

A card names an effect and gives its parameters::

    [[card]]
    id = "surprise_attack"
    name = "Surprise Attack"
    copies = 2
    effect = "battle_force"
    params = { flat = 10 }

See :mod:`warp_empires.effects.library` for every effect and its parameters.
"""

from .base import Effect

__all__ = ["Effect"]
