"""The balance lab: tournaments with good bots, a balance report, sweeps and A/B comparisons."""
