"""Set an image, then a text or exemplar prompt; get every instance."""


class Sam3Processor:
    def __init__(self, model):
        self.model = model
