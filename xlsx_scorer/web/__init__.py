"""The local web page: ``xlsx-scorer serve`` (server, HTTP API, static page).

``engine`` is the one door into the scorer; ``payload`` turns its results into
the API's JSON; ``server`` is the Starlette application; ``static/`` the page.
"""
