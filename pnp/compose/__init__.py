"""Compose: geometry + style -> scene Documents, one function per asset."""
