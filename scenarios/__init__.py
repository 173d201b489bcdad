"""The scenario-ruling library, as data: YAML files shipped with the package, one ruling each."""
