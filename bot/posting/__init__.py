"""The posting path: a stored turn put into words and sent to its channel (`publisher`), who is told how
(`telling`), the one function that sends (`send`), and what keeps a post from being lost or doubled.
"""
