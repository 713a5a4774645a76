"""pnp's words are read with libyaml where it is installed: it must read every texts file as the pure-Python
safe loader does, or a machine without libyaml would print other words."""

import yaml

from pnp import texts


def test_every_texts_file_reads_the_same_with_libyaml_and_without():
    files = sorted(texts.TEXTS.glob("*.yaml"))
    assert len(files) >= 5
    for path in files:
        texts.texts.cache_clear()
        read = texts.texts(path.stem)
        assert read and read == yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.SafeLoader), path.name
    assert texts.LOADER is (yaml.CSafeLoader if yaml.__with_libyaml__ else yaml.SafeLoader)
