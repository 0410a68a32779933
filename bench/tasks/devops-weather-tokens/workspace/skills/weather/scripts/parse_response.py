"""Turn an Open-Meteo forecast response into what the agent shows the user."""

import json
import sys


def parse_weather(data, city="Beijing"):
    # TODO: Add filtering/summarization to reduce token usage
    return json.dumps(data, indent=2)


if __name__ == "__main__":
    print(parse_weather(json.load(sys.stdin), *sys.argv[1:2]))
