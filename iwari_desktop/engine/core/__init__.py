"""The turn machine and scoring core: state, actions, legality, scoring and the rule-module hooks.

Everything here is the base game's skeleton; optional and map-specific rules live in `rulesets/` and
plug in through `core.modules.RuleModule`, so this package never names a map.
"""
