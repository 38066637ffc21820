"""Files: the ones a user names (:mod:`.files`, read with their size bounded) and the ones that
ship beside the package (:mod:`.installed`: the claims and the reference tables)."""
