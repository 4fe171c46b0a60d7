"""The local web page: ``xlsx-scorer serve`` (server, HTTP API, static page).

``engine`` is the one door into the scorer; ``payload`` turns its results into
the API's JSON; ``server`` is the Starlette application; ``gate`` what it
refuses before reading a body (host, other sites, access code, uploads in
flight, slow bodies); ``connections`` how uvicorn holds connections; ``static/``
the page.
"""
