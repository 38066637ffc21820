"""Central differential privacy: pairs of output laws and what is computed from them.

:mod:`.pairs` defines a mechanism as the pair (P, Q) of its laws on two neighbouring inputs, with
the Laplace, Gaussian, randomized-response and dominating pairs; :mod:`.staircase` adds the
staircase pair. Composition: :mod:`.pld` (privacy-loss lattices), :mod:`.composition` (products
of finite pairs, the optimal (ε, δ, η) composition), :mod:`.laplace_composition` and
:mod:`.laplace_components` (k-fold Laplace), :mod:`.privacy_loss` (privacy-loss distributions),
:mod:`.composition_theorems` (basic, advanced, Kairouz–Oh–Viswanath, Murtagh–Vadhan).
Subsampling: :mod:`.subsampling`. Guarantees: :mod:`.renyi` (Rényi DP, zCDP, GDP),
:mod:`.subsampled_renyi`, :mod:`.tvdp` (the (ε, δ, η) guarantee), :mod:`.lower_bounds`.

The public constructors are imported from :mod:`symdp` (``symdp.laplace``, ``symdp.gaussian``, …).

Importing this package imports the modules that register the composition and subsampling routes
of the pairs (:func:`.pairs.power`, :func:`.pairs.product`, :func:`.pairs.subsampled`): they
build on :mod:`.pairs`, which therefore cannot import them, and every pair must have its routes
whatever module it was imported from.
"""

from . import composition, laplace_composition, subsampling  # noqa: F401  (they register the routes)
