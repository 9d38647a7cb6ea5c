"""The generic Warp Empires ruleset, one file per phase.

:mod:`warp_empires.rules.generic` is the plugin that answers the rule hooks with these
phases; themes replace or extend parts of it through the same hooks.
"""
