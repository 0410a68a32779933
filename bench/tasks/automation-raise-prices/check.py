from edgeagent.bench.taskcheck import graded, rows

NEW = {sku: float(p) for sku, _, p in [['P-200', 'desk lamp', '206.60'], ['P-201', 'monitor arm', '123.26'], ['P-202', 'cable tray', '202.95'], ['P-203', 'standing mat', '40.45'], ['P-204', 'footrest', '3.83'], ['P-205', 'privacy screen', '110.57'], ['P-206', 'laptop stand', '183.45'], ['P-207', 'whiteboard', '199.43'], ['P-208', 'coat hook', '118.30'], ['P-209', 'plant pot', '103.87']]}
OLD = [['P-200', 'desk lamp', '196.76'], ['P-201', 'monitor arm', '117.39'], ['P-202', 'cable tray', '193.29'], ['P-203', 'standing mat', '38.52'], ['P-204', 'footrest', '3.65'], ['P-205', 'privacy screen', '105.30'], ['P-206', 'laptop stand', '174.71'], ['P-207', 'whiteboard', '189.93'], ['P-208', 'coat hook', '112.67'], ['P-209', 'plant pot', '98.92']]


def check(workspace, answer):
    table = rows(workspace / "prices-2026.csv")
    if not table:
        return 0.0
    got = {}
    for r in table:
        try:
            got[r.get("sku", "")] = float(r.get("price_eur", ""))
        except ValueError:
            pass
    right = sum(abs(got.get(s, -1) - p) <= 0.011 for s, p in NEW.items()) / len(NEW)
    untouched = [[r["sku"], r["name"], r["price_eur"]] for r in rows(workspace / "prices.csv")] == OLD
    return 0.8 * right + 0.2 * (right > 0 and untouched)


check = graded(check)  # a pasted file is no answer
