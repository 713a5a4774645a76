"""Game facts as code: piece sets, valid sizes, setups. Pure, no drawing."""
